import { ExportButton } from './catalogue-csv'

/** Historyshops' export of every sale line as CSV. */
export function SalesCsvExport() {
  return (
    <div className="admin-actions catalogue-csv">
      <ExportButton what="sales" label="Export sales CSV" />
    </div>
  )
}
