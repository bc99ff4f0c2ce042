import { eq, lt } from 'drizzle-orm'
import type { CheckoutCustomer, PaymentAnswer } from '../../contract/sales'
import { sha256 } from '../accounts'
import type { Database, Transaction } from '../db/client'
import { idempotencyKeys } from '../db/schema/sales'
import type { PaymentResult } from './result'

// A retried POST /payment with the same Idempotency-Key gets the order's current result instead
// of a second charge (docs/decisions/2026-11-24-card-payments.md).

/** `response_status`: the first request is still charging, or its result is stored. */
const CHARGING = 0
const STORED = 1

export interface OrderLine {
  id: number
  count: number
}

/** What the order is priced with besides its lines; absent parts leave the hash as it was. */
export interface OrderPricing {
  country: string
  shippingMethodId?: number | undefined
  discountCode?: string | undefined
}

export function hashOrder(
  lines: OrderLine[],
  customer: CheckoutCustomer,
  pricing?: OrderPricing,
): string {
  const userInfo = Object.fromEntries(Object.entries(customer).sort(([a], [b]) => (a < b ? -1 : 1)))
  // A retry with another code or method is another order, not a replay.
  const priced = pricing && {
    country: pricing.country,
    shippingMethodId: pricing.shippingMethodId ?? null,
    discountCode: pricing.discountCode?.toLowerCase() ?? null,
  }
  return sha256(JSON.stringify({ items: lines, userInfo, ...(priced ? { pricing: priced } : {}) }))
}

/** Inserted first in the reserving transaction: a second request with the key waits on it. */
export async function claimKey(tx: Transaction, key: string, accountId: number, hash: string) {
  await tx.insert(idempotencyKeys).values({
    key,
    accountId,
    requestHash: hash,
    responseStatus: CHARGING,
    responseBody: {},
  })
}

export async function keyForSale(tx: Transaction, key: string, saleId: number) {
  await tx.update(idempotencyKeys).set({ saleId }).where(eq(idempotencyKeys.key, key))
}

/** Kept for a paid sale or an authentication under way; a failed sale drops its key instead. */
export async function storeResult(tx: Transaction, saleId: number, result: PaymentResult) {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: STORED, responseBody: result })
    .where(eq(idempotencyKeys.saleId, saleId))
}

export async function dropKeys(tx: Transaction, saleId: number) {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.saleId, saleId))
}

export const STILL_PROCESSING =
  'This payment is still being processed; your purchase history shows when it is paid'

/** The stored result of this key, or undefined when the key is new. */
export async function storedResult(
  db: Database,
  key: string,
  requestHash: string,
): Promise<PaymentResult | undefined> {
  const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
  if (!stored) return undefined
  if (stored.requestHash !== requestHash) {
    return {
      kind: 'key_reused',
      error: 'This Idempotency-Key was already used for a different order',
    }
  }
  if (stored.responseStatus === CHARGING) return { kind: 'processing', error: STILL_PROCESSING }
  if (stored.responseStatus === STORED) return stored.responseBody as PaymentResult
  return fromAnswer(stored.responseBody as PaymentAnswer)
}

// Keys stored by earlier versions hold the HTTP answer (201 or 202); they live a day at most.
function fromAnswer(answer: PaymentAnswer): PaymentResult {
  if ('sale' in answer) return { kind: 'paid', sale: answer.sale }
  if ('client_secret' in answer) {
    return {
      kind: 'needs_authentication',
      clientSecret: answer.client_secret,
      paymentIntentId: answer.paymentIntentId,
    }
  }
  return { kind: 'processing', error: STILL_PROCESSING }
}

// A stored answer is replayed for a day, as Stripe keeps its own idempotency keys.
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

export async function purgeIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key })
  return gone.length
}
