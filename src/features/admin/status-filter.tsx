import { useId } from 'react'
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/orders'
import type { Sale } from '../../../contract/sales'
import { orderStatusText } from '../../components/order-status'

export type StatusChoice = OrderStatus | 'all'

/** Historyshops' status filter; each choice says how many sales it holds. */
export function StatusFilter({
  sales,
  value,
  onChange,
}: {
  sales: Sale[]
  value: StatusChoice
  onChange: (next: StatusChoice) => void
}) {
  const id = useId()
  const count = (status: OrderStatus) => sales.filter((s) => s.status === status).length
  return (
    <div className="admin-search admin-status-filter">
      <label htmlFor={id}>Filter by status</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as StatusChoice)}
      >
        <option value="all">All ({sales.length})</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {orderStatusText(status)} ({count(status)})
          </option>
        ))}
      </select>
    </div>
  )
}
