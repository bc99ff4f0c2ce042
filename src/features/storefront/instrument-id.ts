/** The largest PostgreSQL `integer`: ids above it cannot exist, so they are not found. */
const MAX_ID = 2_147_483_647

/** An instrument id from the URL: a positive whole number the database can hold, or null (not found). */
export function parseInstrumentId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}
