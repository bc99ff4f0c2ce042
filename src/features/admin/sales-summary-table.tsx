import { useQuery } from '@tanstack/react-query'
import { formatPrice } from '../../../contract/money'
import { backOfficeQueries } from '../../api/back-office'
import { formatDateTime } from '../../lib/dates'

// docs/product.md §4: Historyshops' summary, summed by the server over every paid sale. It loads
// beside the table rather than before it: at 100,000 sales the sums take longer than a page.
export function SalesSummaryTable() {
  const { data: summary } = useQuery(backOfficeQueries.salesSummary())
  const cell = (value: (s: NonNullable<typeof summary>) => string | number) =>
    summary ? value(summary) : '…'
  return (
    <div className="admin-table-scroll admin-summary">
      <table className="admin-table" aria-busy={!summary}>
        <caption className="visually-hidden">Sales summary</caption>
        <thead>
          <tr>
            <th scope="col">Cash_Balance</th>
            <th scope="col">Total_Shops</th>
            <th scope="col">Sold_Products</th>
            <th scope="col">Last_Shop</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="Cash_Balance">{cell((s) => formatPrice(s.cashBalance))}</td>
            <td data-label="Total_Shops">{cell((s) => s.totalShops)}</td>
            <td data-label="Sold_Products">{cell((s) => s.soldProducts)}</td>
            <td data-label="Last_Shop">
              {cell((s) => (s.lastShop ? formatDateTime(s.lastShop) : ''))}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}
