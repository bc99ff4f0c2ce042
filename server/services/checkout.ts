import { randomUUID } from 'node:crypto'
import { asc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { CheckoutCustomer, PaymentResponse, Sale } from '../../contract/sales'
import type { Deps } from '../context'
import type { Database } from '../db/client'
import type { Account } from '../db/schema/accounts'
import { categories, instruments } from '../db/schema/catalog'
import { idempotencyKeys, saleItems, sales } from '../db/schema/sales'
import { fail } from '../http-error'
import { sha256 } from './auth'
import { visibleToShoppers } from './visibility'

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
}

export interface CheckoutResult {
  status: ContentfulStatusCode
  body: PaymentResponse
  replayed: boolean
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * POST /payment (ARCHITECTURE.md, "stricter than the spec"): lock, check, charge, sell and
 * remember the answer in one transaction, so a failure anywhere leaves nothing half-written.
 */
export async function checkout(deps: Deps, request: CheckoutRequest): Promise<CheckoutResult> {
  const lines = mergeLines(request.items)
  const requestHash = hashOrder(lines, request.customer)
  // The table's key is global; prefixing the account keeps one shopper's key from another's.
  const key = request.idempotencyKey && `${request.account.id}:${request.idempotencyKey}`
  if (key) {
    const previous = await findAnswer(deps.db, key, requestHash)
    if (previous) return previous
  }
  // Set once the card is charged: if the transaction then fails, the money goes back.
  const charged: { paymentId?: string } = {}
  try {
    return await deps.db.transaction((tx) =>
      placeOrder(tx, deps, { ...request, lines, requestHash, key, charged }),
    )
  } catch (error) {
    if (charged.paymentId) await refundAfterFailure(deps, charged.paymentId, error)
    // A concurrent request with the same key committed first: answer what it answered.
    if (key && isUniqueViolation(error)) {
      const previous = await findAnswer(deps.db, key, requestHash)
      if (previous) return previous
    }
    throw error
  }
}

interface Order extends CheckoutRequest {
  lines: OrderLine[]
  requestHash: string
  key: string | undefined
  /** Where placeOrder leaves the payment id of a successful charge. */
  charged: { paymentId?: string }
}

/**
 * The card was charged but the sale was rolled back: nothing was sold, so nothing may stay paid.
 * A refund that fails too is logged with the payment id for a person to refund by hand; the
 * order's own error is what the caller sees either way.
 */
async function refundAfterFailure(deps: Deps, paymentId: string, cause: unknown) {
  try {
    await deps.payment.refund(paymentId)
    console.error(`Checkout failed after charging ${paymentId}; the payment was refunded`, cause)
  } catch (refundError) {
    console.error(
      `Checkout failed after charging ${paymentId} and the refund failed too: refund it by hand`,
      refundError,
    )
  }
}

async function placeOrder(tx: Transaction, deps: Deps, order: Order): Promise<CheckoutResult> {
  const { account, lines, key } = order
  if (key) {
    // Inserted first: a second request with this key waits here until the first one ends.
    // A placeholder answer, replaced below before the commit makes it visible.
    await tx.insert(idempotencyKeys).values({
      key,
      accountId: account.id,
      requestHash: order.requestHash,
      responseStatus: 0,
      responseBody: {},
    })
  }
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

  const charge = await deps.payment.charge({
    paymentMethodId: order.paymentMethodId,
    amountCents: totalCents,
    description: chargeDescription(lines, stock),
    // Same order, card and total: the provider recognises a retry; another card is a new charge.
    idempotencyKey: `shop-${account.id}-${sha256(
      [key ?? randomUUID(), order.requestHash, order.paymentMethodId, totalCents].join('|'),
    ).slice(0, 40)}`,
  })
  if (!charge.ok) fail(402, charge.error)
  order.charged.paymentId = charge.paymentId

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
      status: 'succeeded',
      cost: totalCents / 100,
      userId: account.id,
      paymentId: charge.paymentId,
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
  const items = await tx
    .insert(saleItems)
    .values(
      lines.map((line) => {
        const row = stock.get(line.id)
        if (!row) throw new Error(`instrument ${line.id} vanished while locked`)
        const { name, brand, img, price } = row
        return {
          saleId: sale.id,
          instrumentId: line.id,
          name,
          brand,
          img,
          price,
          count: line.count,
        }
      }),
    )
    .returning()

  const body: PaymentResponse = { ok: 'Payment successful', sale: toSale(sale, items) }
  if (key) {
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: 201, responseBody: body })
      .where(eq(idempotencyKeys.key, key))
  }
  return { status: 201, body, replayed: false }
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
  return {
    status: stored.responseStatus as ContentfulStatusCode,
    body: stored.responseBody as PaymentResponse,
    replayed: true,
  }
}

/**
 * How long a stored answer is replayed: a day, as Stripe keeps its own idempotency keys. The app
 * forgets an order's key once it is paid, so only a lost answer retried within the day needs it.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/** Drops stored answers older than the window; returns how many went. */
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

/** Prices are numeric(10,2): whole cents add up without float drift. */
function toCents(price: number): number {
  return Math.round(price * 100)
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

type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

/** The contract's `sale`: the spec's Historyshop with its lines as `instrument`. */
export function toSale(
  row: SaleRow,
  items: SaleItemRow[],
  rated?: (item: SaleItemRow) => boolean,
): Sale {
  return {
    id: row.id,
    status: row.status,
    cost: row.cost,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cus_name: row.cusName,
    cus_email: row.cusEmail,
    cus_phone: row.cusPhone,
    cus_address: row.cusAddress,
    cus_city: row.cusCity,
    cus_country: row.cusCountry,
    cus_zip: row.cusZip,
    userId: row.userId,
    instrument: items.map((item) => ({
      id: item.id,
      instrumentId: item.instrumentId,
      name: item.name,
      brand: item.brand,
      img: item.img,
      price: item.price,
      count: item.count,
      ...(rated ? { rated: rated(item) } : {}),
    })),
  }
}
