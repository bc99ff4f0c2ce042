import { and, eq, isNull } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Deps } from '../context'
import { paymentEvents, sales } from '../db/schema/sales'
import { DECLINED, type PaymentState } from './payment'
import { refundLateSuccess, type Settled, settleSale, type Transaction } from './settlement'

// Stripe's word after the request: a payment finished while the tab was closed, a refund made in
// Stripe's dashboard. Each event is handled once (its id is stored in the same transaction).
export async function handleStripeEvent(deps: Deps, event: Stripe.Event): Promise<void> {
  const settled = await deps.db.transaction(async (tx): Promise<Settled | undefined> => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning()
    if (!fresh) return undefined
    switch (event.type) {
      case 'payment_intent.succeeded':
        return settleIntent(tx, event.data.object, { status: 'succeeded' })
      case 'payment_intent.payment_failed': {
        const intent = event.data.object
        const error = intent.last_payment_error?.message || DECLINED
        return settleIntent(tx, intent, { status: 'failed', error })
      }
      case 'charge.refunded':
        await recordRefund(tx, event.data.object)
        return undefined
      default:
        return undefined
    }
  })
  if (settled) await refundLateSuccess(deps, settled)
}

async function settleIntent(tx: Transaction, intent: Stripe.PaymentIntent, state: PaymentState) {
  const [byPayment] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(eq(sales.paymentId, intent.id))
  // The metadata covers a process that stopped between opening a payment and storing its id.
  const saleId = Number(intent.metadata?.sale_id)
  const sale =
    byPayment ??
    (Number.isSafeInteger(saleId)
      ? (
          await tx
            .update(sales)
            .set({ paymentId: intent.id })
            .where(and(eq(sales.id, saleId), isNull(sales.paymentId)))
            .returning({ id: sales.id })
        )[0]
      : undefined)
  // Not one of this shop's payments (another integration on the same Stripe account).
  if (!sale) return undefined
  return settleSale(tx, sale.id, state)
}

async function recordRefund(tx: Transaction, charge: Stripe.Charge) {
  const paymentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
  if (!paymentId) return
  const [sale] = await tx.select().from(sales).where(eq(sales.paymentId, paymentId)).for('update')
  if (!sale) return
  await tx
    .update(sales)
    .set({
      refunded: charge.amount_refunded / 100,
      // A partial refund keeps the sale paid; goods refunded in full are no longer a sale.
      ...(charge.refunded && sale.status === 'succeeded' ? { status: 'refunded' as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(sales.id, sale.id))
}
