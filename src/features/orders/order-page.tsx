import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { orderQueries } from '../../api/orders'
import { OrderStatusBadge } from '../../components/order-status'
import { OrderRefunds, OrderTimeline } from '../../components/order-timeline'
import { formatDateTime } from '../../lib/dates'
import { OrderLines } from './order-lines'
import { OrderPayment } from './order-payment'
import { OrderShipment } from './order-shipment'
import './orders.css'

/** One of the shopper's orders (/user/orders/{id}): what was bought, paid, sent and given back. */
export function OrderPage({ id }: { id: number }) {
  const { data: order } = useSuspenseQuery(orderQueries.detail(id))
  return (
    <article className="order-page" aria-labelledby="order-title">
      <Link to="/user/Profile" className="order-back">
        ← Purchase history
      </Link>
      <header className="order-head">
        <h1 id="order-title">Order #{order.id}</h1>
        <OrderStatusBadge status={order.status} />
        <p className="order-placed">
          Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
      </header>
      <div className="order-grid">
        <section className="order-card order-card-wide" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title">Products</h2>
          <OrderLines
            lines={order.lines}
            totalCents={order.totalCents}
            parts={{ ...order, total: order.cost }}
          />
        </section>
        <section className="order-card" aria-labelledby="order-payment-title">
          <h2 id="order-payment-title">Payment</h2>
          <OrderPayment payment={order.payment} />
        </section>
        <section className="order-card" aria-labelledby="order-shipment-title">
          <h2 id="order-shipment-title">Delivery</h2>
          <OrderShipment order={order} />
        </section>
        <section className="order-card" aria-labelledby="order-refunds-title">
          <h2 id="order-refunds-title">Refunds</h2>
          <OrderRefunds refunds={order.refunds} />
        </section>
        <section className="order-card" aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title">Timeline</h2>
          <OrderTimeline events={order.timeline} />
        </section>
      </div>
    </article>
  )
}
