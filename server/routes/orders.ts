import { type Context, Hono } from 'hono'
import { toCents } from '../../contract/money'
import {
  cancelBody,
  order,
  orderChanged,
  refundBody,
  refundMade,
  shipmentBody,
} from '../../contract/orders'
import { idField } from '../../contract/rules'
import type { AppEnv } from '../context'
import { fail } from '../http-error'
import { requireAdmin, requireAuth } from '../middleware/auth'
import { idempotencyKeyOf } from '../middleware/idempotency-key'
import { validate } from '../middleware/validate'
import { badId, describeOperation, notFound } from '../openapi/describe-operation'
import { deliver, readOrder, ship } from '../orders'
import { type RefundResult, refundSale } from '../payments'
import { paymentAnswer } from './payment-answer'

// An order after its payment (README, "Card payments"; docs/decisions/2026-11-25-orders.md): the
// order page's answer for its admin or its buyer, and the admin's moves. The moves answer results;
// the statuses are chosen here.

function saleId(c: Context<AppEnv>): number {
  const parsed = idField.safeParse(c.req.param('id'))
  if (!parsed.success) fail(400, 'id: must be a positive whole number', 'id')
  return parsed.data
}

/** The provider has the refund; the order shows it once the sweep has recorded it. */
export const REFUND_PENDING =
  'The payment provider has the refund; it is being completed and the order will show it shortly'

async function changed(c: Context<AppEnv>, id: number, ok: string, status: 200 | 201 | 202 = 200) {
  const order = await readOrder(c.get('deps').db, id, { admin: true })
  if (!order) fail(404, 'Order not found')
  return c.json({ ok, order }, status)
}

// Refused moves, refunds and cancels answer as refused payments do: one mapping of the shop's
// refusals to statuses (payment-answer.ts).
function refused(
  c: Context<AppEnv>,
  refusal: Exclude<RefundResult, { kind: 'refunded' | 'pending' }>,
) {
  const { status, body } = paymentAnswer(refusal)
  return c.json(body, status)
}

const moveRefused = "The order's state does not allow it: the answer names the state"

const aboutOrder = describeOperation({
  summary:
    "One order: lines, total, payment, refunds, shipment with its tracking link and the timeline. An admin reads any order; a shopper only their own (another's is 404)",
  auth: 'user',
  responses: { 200: order, ...notFound('Order'), 400: badId },
})

const aboutShipment = describeOperation({
  summary:
    'Ship a paid order: carrier, tracking number, optional tracking link. The buyer is mailed. 409 names the state when it cannot ship',
  auth: 'admin',
  responses: { 200: orderChanged, ...notFound('Order'), 409: moveRefused },
})

const aboutDelivered = describeOperation({
  summary: 'Mark a shipped order delivered. 409 names the state when it cannot',
  auth: 'admin',
  responses: { 200: orderChanged, ...notFound('Order'), 400: badId, 409: moveRefused },
})

const aboutCancel = describeOperation({
  summary:
    'Cancel an order before it ships: what is left of the payment is refunded through the provider, every unit goes back in stock, the buyer is mailed. An Idempotency-Key header makes a retry safe: the same key and body replay the outcome, another body is a 409. 202 when the provider has (or may have) refunded but the shop has not finished recording it: it completes on its own',
  auth: 'admin',
  responses: {
    200: orderChanged,
    202: orderChanged,
    ...notFound('Order'),
    409: 'The state allows no cancel, or the Idempotency-Key was used for another request',
    502: 'The payment provider did not make the refund (nothing changed)',
  },
})

const aboutRefund = describeOperation({
  summary:
    "Refund lines (units at the price paid), an amount (goodwill, in the unit of price), or lines for an amount, through the payment provider with an idempotency key; restock puts the lines' units back. Never more than is left, even for two admins at once. The buyer is mailed. An Idempotency-Key header makes a retry safe: the same key and body replay the outcome, another body is a 409. 202 when the provider has (or may have) refunded but the shop has not finished recording it: it completes on its own",
  auth: 'admin',
  responses: {
    201: refundMade,
    202: orderChanged,
    ...notFound('Order'),
    409: 'The state allows no refund, more than is left to refund, or the Idempotency-Key was used for another request',
    502: 'The payment provider did not make the refund (nothing changed)',
  },
})

export const ordersRoutes = new Hono<AppEnv>()
  .get('/:id', aboutOrder, requireAuth, async (c) => {
    const account = c.get('account')
    const reader =
      account.rol === 'admin'
        ? { admin: true as const }
        : { admin: false as const, accountId: account.id }
    const order = await readOrder(c.get('deps').db, saleId(c), reader)
    if (!order) fail(404, 'Order not found')
    return c.json(order)
  })
  .post('/:id/shipment', aboutShipment, requireAdmin, validate(shipmentBody), async (c) => {
    const id = saleId(c)
    const result = await ship(c.get('deps'), id, c.get('account'), c.req.valid('json'))
    if (result.kind !== 'moved') return refused(c, result)
    return changed(c, id, 'Order shipped')
  })
  .post('/:id/delivered', aboutDelivered, requireAdmin, async (c) => {
    const id = saleId(c)
    const result = await deliver(c.get('deps'), id, c.get('account'))
    if (result.kind !== 'moved') return refused(c, result)
    return changed(c, id, 'Order delivered')
  })
  .post('/:id/cancel', aboutCancel, requireAdmin, validate(cancelBody), async (c) => {
    const id = saleId(c)
    const result = await refundSale(c.get('deps'), {
      saleId: id,
      admin: c.get('account'),
      reason: c.req.valid('json').reason,
      restock: true,
      cancel: true,
      idempotencyKey: idempotencyKeyOf(c),
    })
    if (result.kind === 'pending') return changed(c, id, REFUND_PENDING, 202)
    if (result.kind !== 'refunded') return refused(c, result)
    return changed(c, id, 'Order cancelled')
  })
  .post('/:id/refunds', aboutRefund, requireAdmin, validate(refundBody), async (c) => {
    const id = saleId(c)
    const body = c.req.valid('json')
    const result = await refundSale(c.get('deps'), {
      saleId: id,
      admin: c.get('account'),
      lines: body.lines,
      amountCents: body.amount === undefined ? undefined : toCents(body.amount),
      reason: body.reason,
      restock: body.restock,
      idempotencyKey: idempotencyKeyOf(c),
    })
    if (result.kind === 'pending') return changed(c, id, REFUND_PENDING, 202)
    if (result.kind !== 'refunded') return refused(c, result)
    const order = await readOrder(c.get('deps').db, id, { admin: true })
    const refund = order?.refunds.find((r) => r.id === result.refundId)
    if (!order || !refund) fail(404, 'Order not found')
    return c.json({ ok: 'Refund made', refund, order }, 201)
  })
