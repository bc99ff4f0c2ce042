import { toCents } from './money'
// An order's state is two facts kept apart, because each changes without the other: where the
// money is (a shipped order can still be partly refunded) and where the goods are (a refunded
// order may already be on its way). The answers add one headline `status` made from both, which is
// what Historyshops and the purchase history show and filter by (docs/decisions/2026-11-25-orders.md).

/** Where the money is; the database's `sales.status`. */
export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'partially_refunded',
  'refunded',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Where the goods are; the database's `sales.fulfilment`. Only a paid order leaves `unfulfilled`. */
export const FULFILMENTS = ['unfulfilled', 'shipped', 'delivered', 'cancelled'] as const
export type Fulfilment = (typeof FULFILMENTS)[number]

/** The headline: one word for the order, shown and filtered by. */
export const ORDER_STATUSES = [
  'pending',
  'failed',
  'succeeded',
  'shipped',
  'delivered',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * A cancelled order says `cancelled` (its money went back with it); otherwise money given back
 * says more than the parcel's place (`partially_refunded`, `refunded`), and the `fulfilment`
 * field still tells where the parcel is.
 */
export function orderStatus(payment: PaymentStatus, fulfilment: Fulfilment): OrderStatus {
  if (payment === 'pending' || payment === 'failed') return payment
  if (fulfilment === 'cancelled') return 'cancelled'
  if (payment !== 'succeeded') return payment
  return fulfilment === 'unfulfilled' ? 'succeeded' : fulfilment
}

/**
 * Paid and not wholly given back: these count in the summary and the chart (net of refunds)
 * and let the buyer rate what was bought.
 */
export const PAID_STATUSES: readonly OrderStatus[] = [
  'succeeded',
  'shipped',
  'delivered',
  'partially_refunded',
]
export const isPaid = (sale: { status: OrderStatus }) => PAID_STATUSES.includes(sale.status)
/** The same rule on the money alone (`sales.status`), for the server's queries. */
export const PAID_PAYMENTS: PaymentStatus[] = ['succeeded', 'partially_refunded']

/** What an admin may do to an order next; the server refuses anything else with 409. */
export const ORDER_ACTIONS = ['ship', 'deliver', 'cancel', 'refund'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]

/** The moves each state allows: the server's rule, and the buttons `Detalles` offers. */
export function allowedActions(payment: PaymentStatus, fulfilment: Fulfilment): OrderAction[] {
  const paid = payment === 'succeeded' || payment === 'partially_refunded'
  if (!paid) return []
  const actions: OrderAction[] = []
  if (fulfilment === 'unfulfilled') actions.push('ship', 'cancel')
  if (fulfilment === 'shipped') actions.push('deliver')
  if (fulfilment !== 'cancelled') actions.push('refund')
  return actions
}

/** Where the money stands once a refund is recorded: all of it back, or part (cost is the total paid). */
export function paymentAfterRefunds(sale: { cost: number; refundedCents: number }) {
  return sale.refundedCents >= toCents(sale.cost)
    ? ('refunded' as const)
    : ('partially_refunded' as const)
}
