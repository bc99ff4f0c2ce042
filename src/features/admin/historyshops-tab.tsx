import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { AdminSaleRow } from '../../../contract/back-office'
import { formatPrice } from '../../../contract/money'
import { backOfficeQueries } from '../../api/back-office'
import { OrderStatusBadge, orderStatusText } from '../../components/order-status'
import { formatDateTime } from '../../lib/dates'
import { DataTable } from './data-table'
import { SaleDetailsModal } from './sale-details-modal'
import { SalesCsvExport } from './sales-csv'
import { type StatusChoice, StatusFilter } from './status-filter'
import { useAdminList } from './use-admin-list'

// @nivo is large: it loads only when the admin opens the statistics (its own chunk).
const SalesChart = lazy(() => import('./sales-chart'))
const SalesOverTime = lazy(() => import('./sales-over-time'))

type View = 'table' | 'chart' | 'over-time'

export function HistoryshopsTab() {
  // The summary, the status counts and the chart are the server's sums over every sale; the
  // table reads one page at a time (contract/back-office.ts).
  const { data: summary } = useSuspenseQuery(backOfficeQueries.salesSummary())
  const list = useAdminList(backOfficeQueries.sales, {}, 'Historyshop no encontrado')
  const [view, setView] = useState<View>('table')
  const [detailsId, setDetailsId] = useState<number | null>(null)
  const status: StatusChoice = list.query.status ?? 'all'

  if (summary.all === 0) return <p className="admin-empty">There are no HistoryShops yet</p>

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
        <DataTable<AdminSaleRow>
          caption="Sales"
          rows={list.rows}
          server={list.server}
          columns={[
            { header: 'id', value: (s) => s.id, sortKey: 'id' },
            {
              header: 'status',
              value: (s) => s.status,
              sortKey: 'status',
              render: (s) => <OrderStatusBadge status={s.status} />,
            },
            { header: 'cost', value: (s) => s.cost, money: true, sortKey: 'cost' },
            { header: 'cus_name', value: (s) => s.cus_name, sortKey: 'cus_name' },
            { header: 'cus_country', value: (s) => s.cus_country, sortKey: 'cus_country' },
          ]}
          emptyText={
            status === 'all'
              ? 'There are no HistoryShops yet'
              : `No sales are ${orderStatusText(status)}`
          }
          toolbar={
            <StatusFilter
              all={summary.all}
              byStatus={summary.byStatus}
              value={status}
              onChange={(next) => list.change({ status: next === 'all' ? undefined : next })}
            />
          }
          search={{
            label: 'Search sales by instrument name',
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
          {view === 'chart' ? <SalesChart data={summary.topSellers} /> : <SalesOverTime />}
        </Suspense>
      )}
      {detailsId !== null && <SaleDetails id={detailsId} onClose={() => setDetailsId(null)} />}
    </>
  )
}

/** A row leaves the sale's lines out: Detalles reads the whole sale. */
function SaleDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: sale } = useQuery(backOfficeQueries.sale(id))
  return sale ? <SaleDetailsModal sale={sale} onClose={onClose} /> : null
}
