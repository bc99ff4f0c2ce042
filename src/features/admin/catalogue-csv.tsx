/** The Instruments tab's bulk tools: export the catalogue as CSV and import it back. */
export function CatalogueCsv() {
  return null
}
