import { formatCents, formatPrice } from '../../../contract/money'
import type { Sale, SaleItem } from '../../../contract/sales'
import { formatDateTime } from '../../lib/dates'
import { ListTable } from './list-table'
import { Modal } from './modal'
import { SaleOrderPanel } from './sale-order-panel'
import { useLocalTableView } from './table-view'

const HIDDEN = new Set(['instrument', 'user', 'userId', 'updatedAt'])

function shown(key: string, value: unknown) {
  if (key === 'cost' && typeof value === 'number') return formatPrice(value)
  if (key === 'refundedCents' && typeof value === 'number') return formatCents(value)
  if (key === 'createdAt' && typeof value === 'string') return formatDateTime(value)
  return String(value)
}

export function SaleDetailsModal({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const fields = Object.entries(sale).filter(([key]) => !HIDDEN.has(key))
  const view = useLocalTableView()
  return (
    <Modal title="Datos Historyshop" onClose={onClose}>
      <SaleOrderPanel saleId={sale.id} />
      <dl className="admin-details">
        {fields.map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{shown(key, value)}</dd>
          </div>
        ))}
      </dl>
      <h3>Instruments Shops</h3>
      <ListTable<SaleItem>
        caption="Instruments Shops"
        rows={sale.instrument}
        view={view}
        columns={[
          { header: 'id', value: (item) => item.instrumentId ?? item.id },
          { header: 'name', value: (item) => item.name },
          { header: 'price', value: (item) => item.price, money: true },
          { header: 'count', value: (item) => item.count },
          { header: 'brand', value: (item) => item.brand },
        ]}
        emptyText="There are no HistoryShops yet"
      />
    </Modal>
  )
}
