import { formatCents } from '../../../contract/money'
import type { Order } from '../../../contract/orders'

export function OrderPayment({ payment }: { payment: Order['payment'] }) {
  return (
    <dl className="order-facts">
      <div>
        <dt>Status</dt>
        <dd>{payment.status.replaceAll('_', ' ')}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatCents(payment.paidCents)}</dd>
      </div>
      {payment.refundedCents > 0 && (
        <div>
          <dt>Refunded</dt>
          <dd>{formatCents(payment.refundedCents)}</dd>
        </div>
      )}
      {payment.failure && (
        <div>
          <dt>Why it failed</dt>
          <dd>{payment.failure}</dd>
        </div>
      )}
    </dl>
  )
}
