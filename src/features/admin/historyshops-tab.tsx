import { useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState } from 'react'
import { formatPrice } from '../../../contract/money'
import type { Sale } from '../../../contract/sales'
import { saleQueries } from '../../api/sales'
import { OrderStatusBadge, orderStatusText } from '../../components/order-status'
import { formatDateTime } from '../../lib/dates'
import { DataTable } from './data-table'
import { SaleDetailsModal } from './sale-details-modal'
import { SalesCsvExport } from './sales-csv'
import { summarizeSales, topSellers } from './sales-stats'
import { type StatusChoice, StatusFilter } from './status-filter'

// @nivo is large: it loads only when the admin opens the statistics (its own chunk).
const SalesChart = lazy(() => import('./sales-chart'))
const SalesOverTime = lazy(() => import('./sales-over-time'))

type View = 'table' | 'chart' | 'over-time'

export function HistoryshopsTab() {
  const { data: sales } = useSuspenseQuery(saleQueries.list())
  const [view, setView] = useState<View>('table')
  const [detailsId, setDetailsId] = useState<number | null>(null)
  const [status, setStatus] = useState<StatusChoice>('all')
  const summary = useMemo(() => summarizeSales(sales), [sales])
  const shown = useMemo(
    () => (status === 'all' ? sales : sales.filter((s) => s.status === status)),
    [sales, status],
  )
  const details = sales.find((s) => s.id === detailsId)

  if (sales.length === 0) return <p className="admin-empty">There are no HistoryShops yet</p>

  return (
    <>
      <div className="admin-table-scroll admin-summary">
        <table className="admin-table">
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
              <td data-label="Cash_Balance">{formatPrice(summary.cashBalance)}</td>
              <td data-label="Total_Shops">{summary.totalShops}</td>
              <td data-label="Sold_Products">{summary.soldProducts}</td>
              <td data-label="Last_Shop">
                {summary.lastShop ? formatDateTime(summary.lastShop) : ''}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <SalesCsvExport />
      <fieldset className="admin-toggle">
        <legend className="visually-hidden">View</legend>
        <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
          Tabla
        </button>
        <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
          Estadistica
        </button>
        <button
          type="button"
          aria-pressed={view === 'over-time'}
          onClick={() => setView('over-time')}
        >
          Sales over time
        </button>
      </fieldset>
      {view === 'table' ? (
        <DataTable<Sale>
          caption="Sales"
          rows={shown}
          columns={[
            { header: 'id', value: (s) => s.id },
            {
              header: 'status',
              value: (s) => s.status,
              render: (s) => <OrderStatusBadge status={s.status} />,
            },
            { header: 'cost', value: (s) => s.cost, money: true },
            { header: 'cus_name', value: (s) => s.cus_name },
            { header: 'cus_country', value: (s) => s.cus_country },
          ]}
          emptyText={
            status === 'all'
              ? 'There are no HistoryShops yet'
              : `No sales are ${orderStatusText(status)}`
          }
          toolbar={<StatusFilter sales={sales} value={status} onChange={setStatus} />}
          search={{
            label: 'Search sales by instrument name',
            text: (s) => s.instrument.map((item) => item.name),
            noMatch: 'Historyshop no encontrado',
          }}
          actions={(sale) => (
            <button
              type="button"
              className="button admin-button-small"
              aria-label={`Detalles of sale ${sale.id}`}
              onClick={() => setDetailsId(sale.id)}
            >
              Detalles
            </button>
          )}
        />
      ) : (
        <Suspense fallback={<p className="admin-loading">Loading the chart…</p>}>
          {view === 'chart' ? <SalesChart data={topSellers(sales)} /> : <SalesOverTime />}
        </Suspense>
      )}
      {details && <SaleDetailsModal sale={details} onClose={() => setDetailsId(null)} />}
    </>
  )
}
