import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { CheckoutCustomer } from '../../contract/sales'
import { isUniqueViolation } from '../db/errors'
import type { Account } from '../db/schema/accounts'
import { sales } from '../db/schema/sales'
import { refusalOr } from '../refusal'
import type { PaymentDeps } from './deps'
import { holdsLeft, startHold, tooManyUnitsHeld } from './holds'
import {
  hashOrder,
  type OrderLine,
  type OrderPricing,
  STILL_PROCESSING,
  storedResult,
} from './idempotency'
import { NOT_COMPLETED, type PaymentState } from './provider'
import { releaseHold } from './release'
import { PAYMENT_UNDER_WAY, type Reservation, reserve } from './reserve'
import type { PaymentRefusal, PaymentResult } from './result'
import { settle } from './settle'

export { PAYMENT_UNDER_WAY } from './reserve'

export interface CheckoutRequest {
  account: Account
  paymentMethodId: string
  items: OrderLine[]
  /** The client's total in the unit of `price`, only compared with the server's own. */
  amount?: number | undefined
  customer: CheckoutCustomer
  /** Country (default: the address's), shipping method and discount code the order is priced with. */
  country?: string | undefined
  shippingMethodId?: number | undefined
  discountCode?: string | undefined
  idempotencyKey?: string | undefined
  holdLimits?: HoldLimits | undefined
}

/** The address's hold limit (the route's throttle): `check` before reserving, `take` once a hold opens. */
export interface HoldLimits {
  check(): Promise<void>
  take(): Promise<void>
}

export interface CheckoutResult {
  result: PaymentResult
  replayed: boolean
  /** This request's own charge was refused: it counts against the failed-payment limits. */
  failedPayment: boolean
}

export const PROVIDER_UNAVAILABLE = 'The card payment is not available right now, please try again'
export const REPLACED_BY_NEWER_ORDER =
  'This payment was canceled before it was authenticated: a newer order took its place.'
export const TOO_MANY_HOLDS =
  'This payment was canceled: too many payments were waiting for authentication.'

const fresh = (result: PaymentResult, failedPayment = false): CheckoutResult => ({
  result,
  replayed: false,
  failedPayment,
})

// POST /payment (docs/architecture.md): reserve in one short transaction, charge with no lock
// held, then settle or release; a slow bank keeps only its own shopper waiting.
export async function checkout(
  deps: PaymentDeps,
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  const lines = mergeLines(request.items)
  const pricing: OrderPricing = {
    country: request.country ?? request.customer.cus_country,
    shippingMethodId: request.shippingMethodId,
    discountCode: request.discountCode,
  }
  // Nothing but the address asked for: the hash stays as before pricing, so older keys replay.
  const plain = request.country === undefined && !pricing.shippingMethodId && !pricing.discountCode
  const requestHash = hashOrder(lines, request.customer, plain ? undefined : pricing)
  // The table's key is global; prefixing the account keeps one shopper's key from another's.
  const key = request.idempotencyKey && `${request.account.id}:${request.idempotencyKey}`
  const replay = await storedAnswer(deps, key, requestHash)
  if (replay) return replay
  // A retry of the same order replays its answer above, even while new holds are refused.
  await request.holdLimits?.check()
  const refused =
    (await holdsLeft(deps, request.account.id)) ??
    (await releaseEarlierHold(deps, request.account.id))
  if (refused) {
    // A concurrent request with the same key may have reserved after the first read: the
    // pending sale that refused us is its own, so answer what it answers.
    return (await storedAnswer(deps, key, requestHash)) ?? fresh(refused)
  }
  // On the limits' clock, as the stale-reservation job's age of a hold is.
  const reservedAt = new Date(deps.throttle.now())
  let reserved: Reservation | PaymentRefusal
  try {
    reserved = await refusalOr(() =>
      deps.db.transaction((tx) =>
        reserve(tx, { ...request, lines, pricing, requestHash, key, reservedAt }),
      ),
    )
  } catch (error) {
    // A concurrent request with the same key reserved first: answer what it answers.
    const previous = isUniqueViolation(error) && (await storedAnswer(deps, key, requestHash))
    if (previous) return previous
    throw error
  }
  if ('kind' in reserved) return fresh(reserved)
  // A code or a sale made it cost nothing: there is no money to take, and the provider opens no
  // payment of 0. The card given is not used.
  if (reserved.amountCents === 0) {
    return fresh(await settle(deps, reserved.saleId, { status: 'succeeded' }))
  }
  const result = await charge(deps, reserved, request.paymentMethodId)
  if (result.kind === 'needs_authentication') return keepHold(deps, request, reserved, result)
  return fresh(result, result.kind === 'declined')
}

/** What this key already answered, if anything: a replay, or the refusal of a key reused. */
async function storedAnswer(
  deps: PaymentDeps,
  key: string | undefined,
  requestHash: string,
): Promise<CheckoutResult | undefined> {
  const result = key ? await storedResult(deps.db, key, requestHash) : undefined
  return result && { result, replayed: result.kind !== 'key_reused', failedPayment: false }
}

// The bank asks for authentication: the reservation becomes a hold if it may, or is canceled at
// the provider and released before anyone saw its client secret.
async function keepHold(
  deps: PaymentDeps,
  request: CheckoutRequest,
  reserved: Reservation,
  result: PaymentResult & { kind: 'needs_authentication' },
): Promise<CheckoutResult> {
  const paymentId = result.paymentIntentId
  const maxUnits = deps.env.MAX_HELD_UNITS
  if (reserved.units > maxUnits) {
    const error = tooManyUnitsHeld(maxUnits)
    await releaseQuietly(deps, reserved.saleId, paymentId, error)
    // Counted as a failed payment: the units left the shelf while the bank answered.
    return fresh({ kind: 'conflict', error }, true)
  }
  try {
    await request.holdLimits?.take()
  } catch (refusal) {
    await releaseQuietly(deps, reserved.saleId, paymentId, TOO_MANY_HOLDS)
    throw refusal
  }
  const refused = await startHold(deps, request.account.id, reserved.saleId)
  if (refused) {
    // It raced past the check before reserving.
    await releaseQuietly(deps, reserved.saleId, paymentId, TOO_MANY_HOLDS)
    return fresh(refused)
  }
  return fresh(result)
}

// One hold per account (docs/decisions/2026-11-24-card-payments.md, "Holds"): an earlier one is
// canceled at the provider, then released; one paid or refused meanwhile is settled so.
async function releaseEarlierHold(
  deps: PaymentDeps,
  accountId: number,
): Promise<PaymentRefusal | PaymentResult | undefined> {
  const pending = await deps.db
    .select({ id: sales.id, paymentId: sales.paymentId })
    .from(sales)
    .where(and(eq(sales.userId, accountId), eq(sales.status, 'pending')))
  for (const sale of pending) {
    // No payment id yet: its request is opening the payment right now.
    if (!sale.paymentId) return { kind: 'conflict', error: PAYMENT_UNDER_WAY }
    let released: PaymentResult | undefined
    try {
      const state = await deps.payment.retrieve(sale.paymentId)
      if (state.status === 'succeeded') {
        released = await settle(deps, sale.id, state)
      } else if (state.status === 'requires_action') {
        released = await releaseHold(deps, sale.id, sale.paymentId, REPLACED_BY_NEWER_ORDER)
      } else if (state.status === 'failed' && state.error !== NOT_COMPLETED) {
        released = await releaseHold(deps, sale.id, sale.paymentId, state.error)
      }
      // Otherwise still at the bank, or opened and not yet confirmed: its request is under way.
    } catch (error) {
      console.error(`Releasing the earlier reservation of sale ${sale.id} failed`, error)
      return { kind: 'provider_unavailable', error: PROVIDER_UNAVAILABLE }
    }
    if (!released) return { kind: 'conflict', error: PAYMENT_UNDER_WAY }
  }
  return undefined
}

async function releaseQuietly(
  deps: PaymentDeps,
  saleId: number,
  paymentId: string,
  reason: string,
) {
  try {
    await releaseHold(deps, saleId, paymentId, reason)
  } catch (error) {
    // Left pending: nobody has its client secret, and the stale-reservation job cancels it.
    console.error(`Releasing the reservation of sale ${saleId} failed`, error)
  }
}

// Open the payment, store its id, then confirm it: whatever stops half-way, the sale names a
// payment whose real state can be read later.
async function charge(
  deps: PaymentDeps,
  { saleId, amountCents, description }: Reservation,
  paymentMethodId: string,
): Promise<PaymentResult> {
  let paymentId: string
  try {
    paymentId = await deps.payment.create({
      amountCents,
      description,
      saleId,
      idempotencyKey: `shop-sale-${saleId}-${randomUUID()}`,
    })
  } catch (error) {
    // Nothing was charged: opening a payment takes no money.
    console.error(`Opening the payment of sale ${saleId} failed`, error)
    await settle(deps, saleId, { status: 'failed', error: PROVIDER_UNAVAILABLE })
    return { kind: 'provider_unavailable', error: PROVIDER_UNAVAILABLE }
  }
  await deps.db.update(sales).set({ paymentId }).where(eq(sales.id, saleId))
  let state: PaymentState
  try {
    state = await deps.payment.confirm(paymentId, paymentMethodId)
  } catch (error) {
    // Charged or not: the webhook or the stale-reservation job settles it from Stripe's state.
    console.error(`Confirming payment ${paymentId} of sale ${saleId} failed`, error)
    return { kind: 'unanswered', error: STILL_PROCESSING }
  }
  return settle(deps, saleId, state)
}

/** The same instrument twice in a cart is one line; sorted so the hash ignores cart order. */
export function mergeLines(items: OrderLine[]): OrderLine[] {
  const counts = new Map<number, number>()
  for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + item.count)
  return [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => a.id - b.id)
}
