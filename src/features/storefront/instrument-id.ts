import { MAX_ID } from '../../../contract/limits'

export function parseInstrumentId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}
