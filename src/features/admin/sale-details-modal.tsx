import { formatPrice } from '../../../contract/money'
import type { Sale, SaleItem } from '../../../contract/sales'
import { DataTable } from './data-table'
import { Modal } from './modal'

const HIDDEN = new Set(['instrument', 'user', 'userId', 'updatedAt'])

export function SaleDetailsModal({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const fields = Object.entries(sale).filter(([key]) => !HIDDEN.has(key))
  return (
    <Modal title="Datos Historyshop" onClose={onClose}>
      <dl className="admin-details">
        {fields.map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              {key === 'cost' && typeof value === 'number' ? formatPrice(value) : String(value)}
            </dd>
          </div>
        ))}
      </dl>
      <h3>Instruments Shops</h3>
      <DataTable<SaleItem>
        caption="Instruments Shops"
        rows={sale.instrument}
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
