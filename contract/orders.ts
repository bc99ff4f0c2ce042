import { z } from 'zod'
import { FULFILMENTS, ORDER_ACTIONS, PAYMENT_STATUSES } from './order-states'
import { idField, MAX_LENGTH, numberField, required, text } from './rules'
import { sale, saleItem } from './sales'

export * from './order-states'

// What an admin does to a paid order, and what the order page shows. Money added here is in whole
// cents (`…Cents`, contract/money.ts); `amount` in a refund's body is in the unit of `price` and
// `cost`, like every amount a person types in this shop (docs/decisions/2026-11-25-orders.md).

const REASON_LENGTH = 500
const reason = required('Required', REASON_LENGTH)

const webAddress = text(MAX_LENGTH.url)
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'must be a web address (http:// or https://)')

/** POST /sales/{id}/shipment */
export const shipmentBody = z.object({
  carrier: required('Required'),
  trackingNumber: required('Required'),
  /** Left out or empty when the carrier gives no link. */
  trackingUrl: z.union([z.literal(''), webAddress]).optional(),
})
export type ShipmentBody = z.input<typeof shipmentBody>

/** POST /sales/{id}/cancel: refunds what is left in full and puts the units back on the shelf. */
export const cancelBody = z.object({ reason })
export type CancelBody = z.input<typeof cancelBody>

const refundLine = z.object({
  instrumentId: idField,
  count: numberField().pipe(z.number().int('count must be a whole number').min(1).max(1000)),
})

/** At most two decimals: the amount is money in the unit of `price`. */
const refundAmount = numberField().pipe(
  z
    .number()
    .positive('must be more than 0')
    .max(99_999_999.99)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most 2 decimals'),
)

/**
 * POST /sales/{id}/refunds. `lines` refunds those units at the price paid; `amount` alone is a
 * goodwill refund; both together refund those units for that amount. `restock` puts the named
 * units back in stock, so it needs `lines`.
 */
export const refundBody = z
  .object({
    lines: z.array(refundLine).min(1, 'name at least one line').max(100).optional(),
    amount: refundAmount.optional(),
    reason,
    restock: z.boolean({ message: 'must be true or false' }),
  })
  .superRefine((body, ctx) => {
    if (!body.lines && body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'name the lines or an amount' })
    if (body.restock && !body.lines)
      ctx.addIssue({ code: 'custom', path: ['restock'], message: 'name the lines to restock' })
  })
export type RefundBody = z.input<typeof refundBody>

export const paymentStatus = z.enum(PAYMENT_STATUSES)
export const fulfilment = z.enum(FULFILMENTS)
export const orderAction = z.enum(ORDER_ACTIONS)

/** A bought line with what has been refunded and put back on the shelf of it, in units. */
export const orderLine = saleItem.extend({
  priceCents: z.number().int(),
  refunded: z.number().int(),
  restocked: z.number().int(),
})
export type OrderLine = z.infer<typeof orderLine>

export const orderRefund = z.object({
  id: z.number(),
  amountCents: z.number().int(),
  reason: z.string(),
  restock: z.boolean(),
  lines: z.array(
    z.object({ instrumentId: z.number().nullable(), name: z.string(), count: z.number() }),
  ),
  /** `shop`: made here (Refund or Cancel); `provider`: made in Stripe's dashboard, learnt by webhook. */
  source: z.enum(['shop', 'provider']),
  /** The admin's userName; null for a provider refund, and always null in the shopper's answer. */
  admin: z.string().nullable(),
  createdAt: z.string(),
})
export type OrderRefund = z.infer<typeof orderRefund>

export const shipment = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
})
export type Shipment = z.infer<typeof shipment>

export const ORDER_EVENTS = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const
export const orderEvent = z.object({
  kind: z.enum(ORDER_EVENTS),
  at: z.string(),
  /** The admin's userName; null when nobody in the back office did it, and for the shopper. */
  admin: z.string().nullable(),
  /** The carrier and tracking number, the reason, or the amount; null when there is nothing to add. */
  note: z.string().nullable(),
})
export type OrderEvent = z.infer<typeof orderEvent>

export const orderPayment = z.object({
  status: paymentStatus,
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Why the card was refused, for a failed payment. */
  failure: z.string().nullable(),
})

/**
 * GET /sales/{id}: an admin reads any order, a shopper only their own (another's is a 404).
 * `status` is the headline (orderStatus), `actions` what an admin may do next (empty for a shopper).
 */
export const order = sale.omit({ instrument: true }).extend({
  totalCents: z.number().int(),
  lines: z.array(orderLine),
  payment: orderPayment,
  refunds: z.array(orderRefund),
  shipment: shipment.nullable(),
  timeline: z.array(orderEvent),
  actions: z.array(orderAction),
})
export type Order = z.infer<typeof order>

export const orderChanged = z.object({ ok: z.string(), order })
export type OrderChanged = z.infer<typeof orderChanged>

export const refundMade = z.object({ ok: z.string(), refund: orderRefund, order })
export type RefundMade = z.infer<typeof refundMade>
