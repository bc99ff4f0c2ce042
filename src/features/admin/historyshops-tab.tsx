import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { AdminSaleRow } from '../../../contract/back-office'
import { backOfficeQueries } from '../../api/back-office'
import { OrderStatusBadge, orderStatusText } from '../../components/order-status'
import { SaleDetailsModal } from './sale-details-modal'
import { SalesCsvExport } from './sales-csv'
import { SalesSummaryTable } from './sales-summary-table'
import { ServerTable } from './server-table'
import { type StatusChoice, StatusFilter } from './status-filter'
import { tableQueries } from './tab-queries'
import { useAdminList } from './use-admin-list'

// @nivo is large: it loads only when the admin opens the statistics (its own chunk).
const TopSellersChart = lazy(() => import('./top-sellers-chart'))
const SalesOverTime = lazy(() => import('./sales-over-time'))

type View = 'table' | 'chart' | 'over-time'

export function HistoryshopsTab() {
  // The summary, the status counts and the chart are the server's sums over every sale; the
  // table reads one page at a time (contract/back-office.ts).
  const { data: summary } = useQuery(backOfficeQueries.salesSummary())
  const list = useAdminList(
    backOfficeQueries.sales,
    tableQueries.historyshops,
    'Historyshop no encontrado',
  )
  const [view, setView] = useState<View>('table')
  const [detailsId, setDetailsId] = useState<number | null>(null)
  const status: StatusChoice = list.search.status ?? 'all'

  if (list.data?.all === 0) return <p className="admin-empty">There are no HistoryShops yet</p>

  return (
    <>
      <SalesSummaryTable />
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
        <ServerTable<AdminSaleRow>
          caption="Sales"
          rows={list.rows}
          paging={list.server}
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
              all={list.data?.all ?? 0}
              byStatus={summary?.byStatus}
              value={status}
              onChange={(next) => list.refine({ status: next === 'all' ? undefined : next })}
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
          {view === 'chart' ? <TopSellersChart /> : <SalesOverTime />}
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
