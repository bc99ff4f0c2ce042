import type { OrderStatus } from '../../contract/orders'
import './order-status.css'

// The words are the API's own status values (what the spec's `Sale status` column always showed),
// spaced for reading; the colour and the mark only repeat what the text says.
const MARKS: Record<OrderStatus, string> = {
  pending: '…',
  failed: '✕',
  succeeded: '✓',
  shipped: '➜',
  delivered: '✓',
  cancelled: '✕',
  partially_refunded: '↺',
  refunded: '↺',
}

export function orderStatusText(status: OrderStatus) {
  return status.replaceAll('_', ' ')
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-status order-status-${status}`}>
      <span aria-hidden="true" className="order-status-mark">
        {MARKS[status]}
      </span>
      {orderStatusText(status)}
    </span>
  )
}
