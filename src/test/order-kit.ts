import { toCents } from '../../contract/money'
import type { Order, PaymentStatus } from '../../contract/orders'
import type { Sale } from '../../contract/sales'

// Shared by the back office's and the order page's component tests: an order's answer made
// from a sale (its headline status kept), as GET /sales/{id} gives it.

export function orderOf(sale: Sale, overrides: Partial<Order> = {}): Order {
  const { instrument, ...rest } = sale
  const payment: PaymentStatus = 'succeeded'
  return {
    ...rest,
    totalCents: toCents(sale.cost),
    lines: instrument.map((line) => ({
      ...line,
      priceCents: toCents(line.price),
      refunded: 0,
      restocked: 0,
    })),
    payment: { status: payment, paidCents: toCents(sale.cost), refundedCents: 0, failure: null },
    refunds: [],
    shipment: null,
    timeline: [
      { kind: 'placed', at: sale.createdAt, admin: null, note: null },
      { kind: 'paid', at: sale.createdAt, admin: null, note: null },
    ],
    actions: ['ship', 'cancel', 'refund'],
    ...overrides,
  }
}
