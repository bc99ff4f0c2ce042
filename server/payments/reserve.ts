import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { fromCents, toCents } from '../../contract/money'
import type { CheckoutCustomer } from '../../contract/sales'
import { stockRefusal } from '../../contract/stock'
import { visibleToShoppers } from '../catalogue'
import type { Transaction } from '../db/client'
import type { Account } from '../db/schema/accounts'
import { accounts } from '../db/schema/accounts'
import { categories, instruments } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { refuse } from '../refusal'
import { claimKey, keyForSale, type OrderLine } from './idempotency'

export const PAYMENT_UNDER_WAY =
  'Another payment of yours is still being processed: wait for its answer (your purchase history shows it), or try again in 15 minutes'

export interface Order {
  account: Account
  lines: OrderLine[]
  customer: CheckoutCustomer
  /** The client's total in the unit of `price`, only compared with the server's own. */
  amount?: number | undefined
  requestHash: string
  key: string | undefined
  reservedAt: Date
}

export interface Reservation {
  saleId: number
  amountCents: number
  units: number
  description: string
}

// A pending sale is the reservation: its units leave stock here, in one short transaction, so a
// second buyer of the last unit is answered at once while the first one's bank thinks.
export async function reserve(tx: Transaction, order: Order): Promise<Reservation> {
  const { account, lines, key } = order
  // Of two new orders at once, the second waits here and then finds the first one's sale.
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, account.id))
    .for('no key update')
  if (key) await claimKey(tx, key, account.id, order.requestHash)
  const [pending] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.userId, account.id), eq(sales.status, 'pending')))
    .limit(1)
  if (pending) refuse({ kind: 'conflict', error: PAYMENT_UNDER_WAY })
  const stock = await lockInstruments(tx, lines)
  let totalCents = 0
  for (const line of lines) {
    const row = stock.get(line.id)
    if (!row?.visible) {
      return refuse({
        kind: 'invalid',
        error: `Instrument ${line.id} is not available`,
        field: 'items',
      })
    }
    const refusal = stockRefusal(row, line.count)
    if (refusal) refuse({ kind: 'conflict', error: refusal })
    totalCents += toCents(row.price) * line.count
  }
  // Whole cents on both sides: the client's float total may be off by less than half a cent.
  if (order.amount !== undefined && toCents(order.amount) !== totalCents) {
    refuse({
      kind: 'invalid',
      error: 'The total changed, please review your cart',
      field: 'amount',
    })
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
      cost: fromCents(totalCents),
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
  if (key) await keyForSale(tx, key, sale.id)
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

function chargeDescription(lines: OrderLine[], stock: Map<number, { name: string }>): string {
  const text = lines.map((l) => `${l.count} x ${stock.get(l.id)?.name ?? l.id}`).join(', ')
  return `Instrument shop: ${text}`.slice(0, 500)
}
