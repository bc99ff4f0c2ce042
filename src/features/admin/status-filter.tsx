import { useId } from 'react'
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/orders'
import { orderStatusText } from '../../components/order-status'

export type StatusChoice = OrderStatus | 'all'

/** Historyshops' status filter; each choice says how many sales it holds (the server counts). */
export function StatusFilter({
  all,
  byStatus,
  value,
  onChange,
}: {
  all: number
  /** The server's counts, once they are in. */
  byStatus?: Record<OrderStatus, number>
  value: StatusChoice
  onChange: (next: StatusChoice) => void
}) {
  const id = useId()
  const count = (status: OrderStatus) => (byStatus ? ` (${byStatus[status]})` : '')
  return (
    <div className="admin-search admin-status-filter">
      <label htmlFor={id}>Filter by status</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as StatusChoice)}
      >
        <option value="all">All ({all})</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {orderStatusText(status)}
            {count(status)}
          </option>
        ))}
      </select>
    </div>
  )
}
