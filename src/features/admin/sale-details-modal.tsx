import { formatCents, formatPrice } from '../../../contract/money'
import { SALE_PRICE_PARTS, type Sale, type SaleItem } from '../../../contract/sales'
import { hasPriceParts } from '../../components/price-breakdown'
import { formatDateTime } from '../../lib/dates'
import { ListTable } from './list-table'
import { Modal } from './modal'
import { SaleOrderPanel } from './sale-order-panel'
import { useLocalTableView } from './table-view'

const HIDDEN = new Set(['instrument', 'user', 'userId', 'updatedAt'])
// A sale with no discount, shipping or tax reads as before pricing: its cost alone.
const PRICE_PARTS = new Set<string>(SALE_PRICE_PARTS)
const MONEY = new Set(['cost', 'subtotal', 'discount', 'shipping', 'tax'])

function shown(key: string, value: unknown) {
  if (value === null) return '—'
  if (MONEY.has(key) && typeof value === 'number') return formatPrice(value)
  if (key === 'refundedCents' && typeof value === 'number') return formatCents(value)
  if (key === 'createdAt' && typeof value === 'string') return formatDateTime(value)
  return String(value)
}

export function SaleDetailsModal({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const parts = hasPriceParts({ ...sale, total: sale.cost })
  const fields = Object.entries(sale).filter(
    ([key]) => !HIDDEN.has(key) && (parts || !PRICE_PARTS.has(key)),
  )
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
