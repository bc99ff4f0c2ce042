import { formatCents } from '../../contract/money'
import type { OrderEvent, OrderRefund } from '../../contract/orders'
import { formatDateTime } from '../lib/dates'
import './order-history.css'

const EVENT_TEXT: Record<OrderEvent['kind'], string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

/** Each change to the order with its time; `admin` names who made it (back office only). */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="order-timeline">
      {events.map((event) => (
        <li key={`${event.kind}-${event.at}-${event.note}-${event.admin}`}>
          <span className="order-timeline-what">{EVENT_TEXT[event.kind]}</span>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.note && <span className="order-timeline-note">{event.note}</span>}
          {event.admin && <span className="order-timeline-note">by {event.admin}</span>}
        </li>
      ))}
    </ol>
  )
}

/** The money given back, newest last, with what it was for. */
export function OrderRefunds({ refunds }: { refunds: OrderRefund[] }) {
  if (refunds.length === 0) return <p className="order-none">No refunds</p>
  return (
    <ul className="order-refunds">
      {refunds.map((refund) => (
        <li key={refund.id}>
          <p className="order-refund-head">
            <strong>{formatCents(refund.amountCents)}</strong>
            <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
          </p>
          {refund.lines.length > 0 && (
            <p>
              {refund.lines.map((line) => `${line.name} × ${line.count}`).join(', ')}
              {refund.restock && ' (back in stock)'}
            </p>
          )}
          <p className="order-refund-reason">{refund.reason}</p>
          {refund.admin && <p className="order-timeline-note">by {refund.admin}</p>}
        </li>
      ))}
    </ul>
  )
}
