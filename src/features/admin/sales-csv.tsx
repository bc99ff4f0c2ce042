/** Historyshops' export of every sale line as CSV. */
export function SalesCsvExport() {
  return null
}
