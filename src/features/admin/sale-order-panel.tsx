import { useQuery } from '@tanstack/react-query'
import { formatCents } from '../../../contract/money'
import { orderQueries } from '../../api/orders'
import { OrderStatusBadge } from '../../components/order-status'
import { OrderRefunds, OrderTimeline } from '../../components/order-timeline'
import { OrderActions } from './order-actions'

/**
 * Detalles' order part: its status and the moves it allows first (what the admin came for), then
 * the parcel, the refunds and who did what when. Read apart from the list: the list stays light.
 */
export function SaleOrderPanel({ saleId }: { saleId: number }) {
  const { data: order, error, isPending } = useQuery(orderQueries.detail(saleId))
  if (isPending) return <p className="admin-note">Loading the order…</p>
  if (error) return <p className="field-error">{error.message}</p>
  const { shipment } = order
  return (
    <section className="sale-order" aria-label={`Order of sale ${saleId}`}>
      <div className="sale-order-status">
        <OrderStatusBadge status={order.status} />
        <span>
          Paid {formatCents(order.payment.paidCents)}
          {order.payment.refundedCents > 0 &&
            `, refunded ${formatCents(order.payment.refundedCents)}`}
        </span>
      </div>
      <OrderActions order={order} />
      {shipment && (
        <p className="sale-order-shipment">
          {shipment.carrier} · {shipment.trackingNumber}
          {shipment.trackingUrl && (
            <>
              {' · '}
              <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                Tracking link<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      )}
      <div className="sale-order-columns">
        <div>
          <h3>Refunds</h3>
          <OrderRefunds refunds={order.refunds} />
        </div>
        <div>
          <h3>Timeline</h3>
          <OrderTimeline events={order.timeline} />
        </div>
      </div>
    </section>
  )
}
