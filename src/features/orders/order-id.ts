import { MAX_ID } from '../../../contract/limits'

/** The id in /user/orders/{id}; anything else is the not-found page, never a request. */
export function parseOrderId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}
