import { MAX_ID } from '../../../contract/limits'

/** An instrument id from the URL: a positive whole number the database can hold, or null (not found). */
export function parseInstrumentId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}
