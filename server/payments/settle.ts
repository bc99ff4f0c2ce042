import { eq, sql } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { centsOf } from '../db/money-sql'
import { instruments } from '../db/schema/catalog'
import { saleEvents } from '../db/schema/orders'
import { saleItems, sales } from '../db/schema/sales'
import { countPayment } from '../observability/metrics'
import { toSale } from '../orders'
import { giveBackCodeUse, keepCodeUse } from '../pricing'
import { shopOrigin } from '../shop-origin'
import { announceRestock, RESERVATION_RETURN_QUIET_MS } from '../stock'
import type { PaymentDeps } from './deps'
import { dropKeys, STILL_PROCESSING, storeResult } from './idempotency'
import { queueOrderMail } from './order-mail'
import { DECLINED, type PaymentState } from './provider'
import type { PaymentResult } from './result'

type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

// Records where a reserved sale's payment is: paid, or released (its stock back, its Idempotency-
// Key dropped so the order may be tried again).
export async function settle(
  deps: PaymentDeps,
  saleId: number,
  state: PaymentState,
): Promise<PaymentResult> {
  const origin = shopOrigin(deps.env)
  const settled = await deps.db.transaction((tx) => settleSale(tx, saleId, state, origin))
  countOutcome(settled)
  await refundLateSuccess(deps, settled)
  return settled.result
}

export interface Settled {
  result: PaymentResult
  /** What this settling decided, if anything: a sale already settled decides nothing again. */
  decided?: 'paid' | 'failed' | 'needs_action'
  /** A payment that succeeded after its sale was released: nothing was sold, the money goes back. */
  lateSuccess?: { saleId: number; paymentId: string }
}

/** `origin`: the shop's address, for the back-in-stock mails a released reservation may send. */
export async function settleSale(
  tx: Transaction,
  saleId: number,
  state: PaymentState,
  origin: string,
): Promise<Settled> {
  const [row] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update')
  if (!row) throw new Error(`sale ${saleId} vanished`)
  let sale = row
  const paidNow = row.status === 'pending' && state.status === 'succeeded'
  if (paidNow) {
    sale = await updateSale(tx, saleId, { status: 'succeeded' })
    await keepCodeUse(tx, saleId)
  } else if (row.status === 'pending' && state.status === 'failed') {
    sale = await updateSale(tx, saleId, { status: 'failed', failure: state.error })
    // Declined, released or expired: the code's use is free again, as its units are.
    await giveBackCodeUse(tx, saleId)
    const returned = await tx
      .update(instruments)
      .set({ stock: sql`${instruments.stock} + ${saleItems.count}` })
      .from(saleItems)
      .where(sql`${saleItems.saleId} = ${saleId} and ${saleItems.instrumentId} = ${instruments.id}`)
      .returning({ instrumentId: instruments.id, stock: instruments.stock, count: saleItems.count })
    // An old reservation's units back on sale are a restock for those waiting; a young one's
    // (a declined card, an authentication left undone) are not (RESERVATION_RETURN_QUIET_MS).
    if (row.createdAt.getTime() < Date.now() - RESERVATION_RETURN_QUIET_MS) {
      await announceRestock(
        tx,
        origin,
        returned.map((r) => ({ instrumentId: r.instrumentId, stockBefore: r.stock - r.count })),
      )
    }
    await dropKeys(tx, saleId)
  }
  const items = await tx.select().from(saleItems).where(eq(saleItems.saleId, saleId))
  if (paidNow) {
    await tx.insert(saleEvents).values({ saleId, kind: 'paid' })
    await queueOrderMail(tx, sale, items)
  }
  const result = resultFor(sale, items, state)
  if (result.kind === 'paid' || result.kind === 'needs_authentication') {
    await storeResult(tx, saleId, result)
  }
  const late = row.status === 'failed' && state.status === 'succeeded' && row.refundedCents === 0
  const decided =
    row.status !== 'pending'
      ? undefined
      : paidNow
        ? 'paid'
        : sale.status === 'failed'
          ? 'failed'
          : result.kind === 'needs_authentication'
            ? 'needs_action'
            : undefined
  return late && row.paymentId
    ? { result, decided, lateSuccess: { saleId, paymentId: row.paymentId } }
    : { result, decided }
}

/** Counted once its transaction committed: a rolled-back settling decided nothing. */
export function countOutcome(settled: Settled) {
  if (settled.decided) countPayment(settled.decided)
}

export async function refundLateSuccess(deps: PaymentDeps, settled: Settled) {
  const late = settled.lateSuccess
  if (!late) return
  try {
    // One refund per payment, however often this is retried.
    await deps.payment.refund({
      paymentId: late.paymentId,
      idempotencyKey: `refund-${late.paymentId}`,
    })
    countPayment('refunded')
    await deps.db
      .update(sales)
      .set({ refundedCents: centsOf(sales.cost), updatedAt: new Date() })
      .where(eq(sales.id, late.saleId))
    console.error(
      `Payment ${late.paymentId} succeeded after sale ${late.saleId} was released: refunded`,
    )
  } catch (error) {
    console.error(
      `Payment ${late.paymentId} succeeded after sale ${late.saleId} was released, and its refund failed: refund it by hand`,
      error,
    )
  }
}

async function updateSale(tx: Transaction, saleId: number, values: Partial<SaleRow>) {
  const [row] = await tx
    .update(sales)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sales.id, saleId))
    .returning()
  if (!row) throw new Error(`sale ${saleId} vanished`)
  return row
}

/** Where a sale's payment stands, as its request, a retry or /payment/confirm hears it. */
export function resultFor(row: SaleRow, items: SaleItemRow[], state?: PaymentState): PaymentResult {
  switch (row.status) {
    case 'pending':
      return state?.status === 'requires_action' && row.paymentId
        ? {
            kind: 'needs_authentication',
            clientSecret: state.clientSecret,
            paymentIntentId: row.paymentId,
          }
        : { kind: 'processing', error: STILL_PROCESSING }
    case 'failed':
      return { kind: 'declined', error: row.failure ?? DECLINED }
    default:
      // Paid, whatever was refunded since: the payment itself went through.
      return { kind: 'paid', sale: toSale(row, items) }
  }
}
