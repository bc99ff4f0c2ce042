/** An instrument id from the URL: a positive whole number, or null (the page is not found). */
export function parseInstrumentId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : null
}
