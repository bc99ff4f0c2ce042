import type { Order } from '../../../contract/orders'
import { formatDateTime } from '../../lib/dates'

/** Where the parcel is: the carrier, the tracking number and the carrier's own tracking page. */
export function OrderShipment({ order }: { order: Order }) {
  const { shipment } = order
  if (!shipment) {
    const text =
      order.fulfilment === 'cancelled'
        ? 'This order was cancelled before it shipped.'
        : 'Not shipped yet.'
    return <p className="order-none">{text}</p>
  }
  return (
    <>
      <dl className="order-facts">
        <div>
          <dt>Carrier</dt>
          <dd>{shipment.carrier}</dd>
        </div>
        <div>
          <dt>Tracking number</dt>
          <dd className="order-tracking-number">{shipment.trackingNumber}</dd>
        </div>
        <div>
          <dt>Shipped</dt>
          <dd>
            <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
          </dd>
        </div>
        {shipment.deliveredAt && (
          <div>
            <dt>Delivered</dt>
            <dd>
              <time dateTime={shipment.deliveredAt}>{formatDateTime(shipment.deliveredAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      {shipment.trackingUrl && (
        // The carrier's page, in a new tab: the order stays open behind it.
        <a
          className="button order-track"
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Track your parcel<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </>
  )
}
