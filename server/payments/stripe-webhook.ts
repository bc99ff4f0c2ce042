import { and, eq, isNull } from 'drizzle-orm'
import type Stripe from 'stripe'
import { formatCents, toCents } from '../../contract/money'
import { PAID_PAYMENTS, paymentAfterRefunds } from '../../contract/order-states'
import type { Transaction } from '../db/client'
import { saleEvents, saleRefunds } from '../db/schema/orders'
import { paymentEvents, sales } from '../db/schema/sales'
import type { Env } from '../env'
import { queueRefundMail } from '../orders'
import { shopOrigin } from '../shop-origin'
import type { PaymentDeps } from './deps'
import {
  DECLINED,
  isLiveKey,
  type PaymentState,
  REFUND_ID_METADATA,
  SALE_ID_METADATA,
  SHOP_CURRENCY,
} from './provider'
import { countOutcome, refundLateSuccess, type Settled, settleSale } from './settle'

type SaleRow = typeof sales.$inferSelect

// Stripe's word after the request: a payment finished while the tab was closed, a refund made in
// Stripe's dashboard. Each event is handled once (its id is stored in the same transaction).
export async function handleStripeEvent(deps: PaymentDeps, event: Stripe.Event): Promise<void> {
  const origin = shopOrigin(deps.env)
  const live = isLiveKey(deps.env.STRIPE_SECRET_KEY)
  const settled = await deps.db.transaction(async (tx): Promise<Settled | undefined> => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning()
    if (!fresh) return undefined
    const matches = (sale: SaleRow, amount: number, currency: string) =>
      saleMatches(event, sale, { amount, currency }, live)
    switch (event.type) {
      case 'payment_intent.succeeded':
        return settleIntent(tx, event.data.object, { status: 'succeeded' }, matches, origin)
      case 'payment_intent.payment_failed': {
        const intent = event.data.object
        const error = intent.last_payment_error?.message || DECLINED
        return settleIntent(tx, intent, { status: 'failed', error }, matches, origin)
      }
      case 'charge.refunded':
        await recordRefund(tx, deps.env, event.data.object, matches)
        return undefined
      default:
        return undefined
    }
  })
  if (settled) {
    countOutcome(settled)
    await refundLateSuccess(deps, settled)
  }
}

type Matches = (sale: SaleRow, amount: number, currency: string) => boolean

// An event whose figures are not the sale's is not this shop's payment (or not this payment):
// it changes nothing, and is logged for a person to look at. Stripe gets its 200 all the same.
function saleMatches(
  event: Stripe.Event,
  sale: SaleRow,
  paid: { amount: number; currency: string },
  live: boolean,
): boolean {
  const cents = toCents(sale.cost)
  const wrong = [
    paid.amount === cents ? '' : `amount ${paid.amount} (the sale's is ${cents})`,
    paid.currency === SHOP_CURRENCY ? '' : `currency ${paid.currency}`,
    // A test-mode event reaching a live shop, or the reverse, is never about its sales.
    event.livemode === live ? '' : `livemode ${event.livemode} (the key's is ${live})`,
  ].filter(Boolean)
  if (wrong.length === 0) return true
  console.error(
    `Stripe event ${event.id} (${event.type}) does not match sale ${sale.id}: ${wrong.join(', ')}; ignored`,
  )
  return false
}

async function settleIntent(
  tx: Transaction,
  intent: Stripe.PaymentIntent,
  state: PaymentState,
  matches: Matches,
  origin: string,
) {
  const [byPayment] = await tx.select().from(sales).where(eq(sales.paymentId, intent.id))
  // The metadata covers a process that stopped between opening a payment and storing its id.
  const saleId = Number(intent.metadata?.[SALE_ID_METADATA])
  const [byMetadata] =
    byPayment || !Number.isSafeInteger(saleId)
      ? []
      : await tx
          .select()
          .from(sales)
          .where(and(eq(sales.id, saleId), isNull(sales.paymentId)))
  const sale = byPayment ?? byMetadata
  // Not one of this shop's payments (another integration on the same Stripe account).
  if (!sale || !matches(sale, intent.amount, intent.currency)) return undefined
  if (!byPayment) {
    const [claimed] = await tx
      .update(sales)
      .set({ paymentId: intent.id })
      .where(and(eq(sales.id, sale.id), isNull(sales.paymentId)))
      .returning({ id: sales.id })
    // Its request stored another payment's id meanwhile: that payment is the sale's.
    if (!claimed) return undefined
  }
  return settleSale(tx, sale.id, state, origin)
}

// A refund made in Stripe's dashboard: what Stripe says was refunded beyond what the shop knows
// (its own refunds count from the moment they are claimed, before Stripe answers) is recorded as
// one refund row, once per Stripe refund id. Its units stay sold: the dashboard does not say
// whether the goods came back (docs/decisions/2026-11-25-orders.md).
async function recordRefund(tx: Transaction, env: Env, charge: Stripe.Charge, matches: Matches) {
  const paymentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
  if (!paymentId) return
  const [sale] = await tx.select().from(sales).where(eq(sales.paymentId, paymentId)).for('update')
  if (!sale || !matches(sale, charge.amount, charge.currency)) return
  const extra = Math.min(charge.amount_refunded, toCents(sale.cost)) - sale.refundedCents
  if (extra <= 0) return
  const [recorded] = await tx
    .insert(saleRefunds)
    .values({
      saleId: sale.id,
      amountCents: extra,
      reason: REFUNDED_IN_STRIPE,
      source: 'provider',
      providerRefundId: dashboardRefundId(charge),
    })
    .onConflictDoNothing()
    .returning({ id: saleRefunds.id })
  if (!recorded) return
  const refundedCents = sale.refundedCents + extra
  const paid = PAID_PAYMENTS.includes(sale.status)
  const [updated] = await tx
    .update(sales)
    .set({
      refundedCents,
      // A released sale whose late payment was refunded stays failed: it never was an order.
      ...(paid ? { status: paymentAfterRefunds({ cost: sale.cost, refundedCents }) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(sales.id, sale.id))
    .returning()
  await tx.insert(saleEvents).values({
    saleId: sale.id,
    kind: 'refunded',
    note: `${formatCents(extra)}: ${REFUNDED_IN_STRIPE}`,
  })
  if (updated && paid) {
    await queueRefundMail(tx, env, updated, {
      amountCents: extra,
      reason: REFUNDED_IN_STRIPE,
      cancelled: false,
    })
  }
}

const REFUNDED_IN_STRIPE = 'Refunded in Stripe'

/** The newest of the charge's refunds that the shop did not make, or one id per total refunded. */
function dashboardRefundId(charge: Stripe.Charge): string {
  const theirs = (charge.refunds?.data ?? []).filter((r) => !r.metadata?.[REFUND_ID_METADATA])
  const newest = theirs.sort((a, b) => b.created - a.created)[0]
  return newest?.id ?? `${charge.id}:${charge.amount_refunded}`
}
