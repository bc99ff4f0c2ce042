import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { toCents } from '../../contract/money'
import type { CheckoutCustomer, PaymentAction, PaymentAnswer } from '../../contract/sales'
import type { Deps } from '../context'
import type { Database } from '../db/client'
import { type Account, accounts } from '../db/schema/accounts'
import { categories, instruments } from '../db/schema/catalog'
import { idempotencyKeys, saleItems, sales } from '../db/schema/sales'
import { fail } from '../http-error'
import { sha256 } from '../services/auth'
import { visibleToShoppers } from '../services/visibility'
import {
  refuseWithoutHoldsLeft,
  startHold,
  tooManyUnfinishedHolds,
  tooManyUnitsHeld,
} from './holds'
import { NOT_COMPLETED, type PaymentState } from './provider'
import { releaseHold } from './release'
import { type PaymentResult, STILL_PROCESSING, settle, type Transaction } from './settle'

export interface OrderLine {
  id: number
  count: number
}

export interface CheckoutRequest {
  account: Account
  paymentMethodId: string
  items: OrderLine[]
  /** The client's total in dollars, only compared with the server's own. */
  amount?: number | undefined
  customer: CheckoutCustomer
  idempotencyKey?: string | undefined
  holdLimits?: HoldLimits | undefined
}

/** The address's hold limit; both throw 429: `check` before reserving, `take` once a hold is open. */
export interface HoldLimits {
  check(): Promise<void>
  take(): Promise<void>
}

export interface CheckoutResult extends PaymentResult {
  replayed: boolean
  /** This request's own charge was refused: it counts against the failed-payment limits. */
  failedPayment: boolean
}

export const PROVIDER_UNAVAILABLE = 'The card payment is not available right now, please try again'
export const PAYMENT_UNDER_WAY =
  'Another payment of yours is still being processed: wait for its answer (your purchase history shows it), or try again in 15 minutes'
export const REPLACED_BY_NEWER_ORDER =
  'This payment was canceled before it was authenticated: a newer order took its place.'
export const TOO_MANY_HOLDS =
  'This payment was canceled: too many payments were waiting for authentication.'

// POST /payment (docs/architecture.md): reserve in one short transaction, charge with no lock
// held, then settle or release; a slow bank keeps only its own shopper waiting.
export async function checkout(deps: Deps, request: CheckoutRequest): Promise<CheckoutResult> {
  const lines = mergeLines(request.items)
  const requestHash = hashOrder(lines, request.customer)
  // The table's key is global; prefixing the account keeps one shopper's key from another's.
  const key = request.idempotencyKey && `${request.account.id}:${request.idempotencyKey}`
  if (key) {
    const previous = await findAnswer(deps.db, key, requestHash)
    if (previous) return previous
  }
  // A retry of the same order replays its answer above, even while new holds are refused.
  await request.holdLimits?.check()
  await refuseWithoutHoldsLeft(deps, request.account.id)
  await releaseEarlierHold(deps, request.account.id)
  // On the limits' clock, as the stale-reservation job's age of a hold is.
  const reservedAt = new Date(deps.throttle.now())
  let reserved: Reservation
  try {
    reserved = await deps.db.transaction((tx) =>
      reserve(tx, { ...request, lines, requestHash, key, reservedAt }),
    )
  } catch (error) {
    // A concurrent request with the same key reserved first: answer what it answers.
    if (key && isUniqueViolation(error)) {
      const previous = await findAnswer(deps.db, key, requestHash)
      if (previous) return previous
    }
    throw error
  }
  const result = await charge(deps, reserved, request.paymentMethodId)
  if (result.status === 202 && 'paymentIntentId' in result.body) {
    return keepHold(deps, request, reserved, { ...result, body: result.body })
  }
  return { ...result, replayed: false, failedPayment: result.status === 402 }
}

// The bank asks for authentication: the reservation becomes a hold if it may, or is canceled at
// the provider and released before anyone saw its client secret.
async function keepHold(
  deps: Deps,
  request: CheckoutRequest,
  reserved: Reservation,
  result: PaymentResult & { body: PaymentAction },
): Promise<CheckoutResult> {
  const paymentId = result.body.paymentIntentId
  const maxUnits = deps.env.MAX_HELD_UNITS
  if (reserved.units > maxUnits) {
    const error = tooManyUnitsHeld(maxUnits)
    await releaseQuietly(deps, reserved.saleId, paymentId, error)
    // Counted as a failed payment: the units left the shelf while the bank answered.
    return { status: 409, body: { error }, replayed: false, failedPayment: true }
  }
  try {
    await request.holdLimits?.take()
  } catch (refusal) {
    await releaseQuietly(deps, reserved.saleId, paymentId, TOO_MANY_HOLDS)
    throw refusal
  }
  const wait = await startHold(deps, request.account.id, reserved.saleId)
  if (wait > 0) {
    // It raced past the check before reserving.
    await releaseQuietly(deps, reserved.saleId, paymentId, TOO_MANY_HOLDS)
    tooManyUnfinishedHolds(wait)
  }
  return { ...result, replayed: false, failedPayment: false }
}

// One hold per account (docs/decisions/2026-11-24-card-payments.md, "Holds"): an earlier one is
// canceled at the provider, then released; one paid or refused meanwhile is settled so.
async function releaseEarlierHold(deps: Deps, accountId: number) {
  const pending = await deps.db
    .select({ id: sales.id, paymentId: sales.paymentId })
    .from(sales)
    .where(and(eq(sales.userId, accountId), eq(sales.status, 'pending')))
  for (const sale of pending) {
    // No payment id yet: its request is opening the payment right now.
    if (!sale.paymentId) fail(409, PAYMENT_UNDER_WAY)
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
      fail(502, PROVIDER_UNAVAILABLE)
    }
    if (!released) fail(409, PAYMENT_UNDER_WAY)
  }
}

async function releaseQuietly(deps: Deps, saleId: number, paymentId: string, reason: string) {
  try {
    await releaseHold(deps, saleId, paymentId, reason)
  } catch (error) {
    // Left pending: nobody has its client secret, and the stale-reservation job cancels it.
    console.error(`Releasing the reservation of sale ${saleId} failed`, error)
  }
}

interface Order extends CheckoutRequest {
  lines: OrderLine[]
  requestHash: string
  key: string | undefined
  reservedAt: Date
}

interface Reservation {
  saleId: number
  amountCents: number
  units: number
  description: string
}

async function charge(
  deps: Deps,
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
    return { status: 502, body: { error: PROVIDER_UNAVAILABLE } }
  }
  await deps.db.update(sales).set({ paymentId }).where(eq(sales.id, saleId))
  let state: PaymentState
  try {
    state = await deps.payment.confirm(paymentId, paymentMethodId)
  } catch (error) {
    // Charged or not: the webhook or the stale-reservation job settles it from Stripe's state.
    console.error(`Confirming payment ${paymentId} of sale ${saleId} failed`, error)
    return { status: 504, body: { error: STILL_PROCESSING } }
  }
  return settle(deps, saleId, state)
}

async function reserve(tx: Transaction, order: Order): Promise<Reservation> {
  const { account, lines, key } = order
  // Of two new orders at once, the second waits here and then finds the first one's sale.
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, account.id))
    .for('no key update')
  if (key) {
    // Inserted first: a second request with this key waits here until the first one commits.
    await tx.insert(idempotencyKeys).values({
      key,
      accountId: account.id,
      requestHash: order.requestHash,
      responseStatus: 0,
      responseBody: {},
    })
  }
  const [pending] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.userId, account.id), eq(sales.status, 'pending')))
    .limit(1)
  if (pending) fail(409, PAYMENT_UNDER_WAY)
  const stock = await lockInstruments(tx, lines)
  let totalCents = 0
  for (const line of lines) {
    const row = stock.get(line.id)
    if (!row?.visible) {
      fail(400, `Instrument ${line.id} is not available`, 'items')
    }
    if (line.count > row.stock) {
      fail(
        409,
        row.stock === 0 ? `${row.name} is sold out` : `Only ${row.stock} left of ${row.name}`,
      )
    }
    totalCents += toCents(row.price) * line.count
  }
  // Half a cent of slack absorbs the client's float arithmetic, nothing more.
  if (order.amount !== undefined && Math.abs(order.amount * 100 - totalCents) > 0.5) {
    fail(400, 'The total changed, please review your cart', 'amount')
  }

  for (const line of lines) {
    const row = stock.get(line.id)
    if (!row) continue
    await tx
      .update(instruments)
      .set({ stock: row.stock - line.count })
      .where(eq(instruments.id, line.id))
  }
  const c = order.customer
  const [sale] = await tx
    .insert(sales)
    .values({
      status: 'pending',
      createdAt: order.reservedAt,
      cost: totalCents / 100,
      userId: account.id,
      cusName: c.cus_name,
      cusEmail: c.cus_email,
      cusPhone: c.cus_phone,
      cusAddress: c.cus_address,
      cusCity: c.cus_city,
      cusCountry: c.cus_country,
      cusZip: c.cus_zip,
    })
    .returning()
  if (!sale) throw new Error('sale not inserted')
  await tx.insert(saleItems).values(
    lines.map((line) => {
      const row = stock.get(line.id)
      if (!row) throw new Error(`instrument ${line.id} vanished while locked`)
      const { name, brand, img, price } = row
      return { saleId: sale.id, instrumentId: line.id, name, brand, img, price, count: line.count }
    }),
  )
  if (key) {
    await tx.update(idempotencyKeys).set({ saleId: sale.id }).where(eq(idempotencyKeys.key, key))
  }
  return {
    saleId: sale.id,
    amountCents: totalCents,
    units: lines.reduce((sum, line) => sum + line.count, 0),
    description: chargeDescription(lines, stock),
  }
}

/** Locks in id order, so two carts sharing instruments cannot deadlock each other. */
async function lockInstruments(tx: Transaction, lines: OrderLine[]) {
  const rows = await tx
    .select({
      id: instruments.id,
      name: instruments.name,
      brand: instruments.brand,
      img: instruments.img,
      price: instruments.price,
      stock: instruments.stock,
      visible: sql<boolean>`${visibleToShoppers}`,
    })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(
      inArray(
        instruments.id,
        lines.map((l) => l.id),
      ),
    )
    .orderBy(asc(instruments.id))
    .for('update', { of: instruments })
  return new Map(rows.map((row) => [row.id, row]))
}

async function findAnswer(
  db: Database,
  key: string,
  requestHash: string,
): Promise<CheckoutResult | undefined> {
  const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
  if (!stored) return undefined
  if (stored.requestHash !== requestHash) {
    fail(422, 'This Idempotency-Key was already used for a different order')
  }
  // 0: the first request is still charging the card.
  if (stored.responseStatus === 0) {
    return { status: 409, body: { error: STILL_PROCESSING }, replayed: true, failedPayment: false }
  }
  return {
    status: stored.responseStatus as ContentfulStatusCode,
    body: stored.responseBody as PaymentAnswer,
    replayed: true,
    failedPayment: false,
  }
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

/** The same instrument twice in a cart is one line; sorted so the hash ignores cart order. */
export function mergeLines(items: OrderLine[]): OrderLine[] {
  const counts = new Map<number, number>()
  for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + item.count)
  return [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => a.id - b.id)
}

function hashOrder(lines: OrderLine[], customer: CheckoutCustomer): string {
  const userInfo = Object.fromEntries(Object.entries(customer).sort(([a], [b]) => (a < b ? -1 : 1)))
  return sha256(JSON.stringify({ items: lines, userInfo }))
}

function chargeDescription(lines: OrderLine[], stock: Map<number, { name: string }>): string {
  const text = lines.map((l) => `${l.count} x ${stock.get(l.id)?.name ?? l.id}`).join(', ')
  return `Instrument shop: ${text}`.slice(0, 500)
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
