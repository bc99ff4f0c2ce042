import { and, eq } from 'drizzle-orm'
import { fromCents, toCents } from '../../contract/money'
import { smallChargeRefusal } from '../../contract/pricing'
import type { CheckoutCustomer } from '../../contract/sales'
import { stockRefusal } from '../../contract/stock'
import type { Transaction } from '../db/client'
import type { Account } from '../db/schema/accounts'
import { accounts } from '../db/schema/accounts'
import { instruments } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { holdCodeUse, type OrderLinePrice, priceOrder } from '../pricing'
import { refuse } from '../refusal'
import { claimKey, keyForSale, type OrderLine, type OrderPricing } from './idempotency'

export const PAYMENT_UNDER_WAY =
  'Another payment of yours is still being processed: wait for its answer (your purchase history shows it), or try again in 15 minutes'

export interface Order {
  account: Account
  lines: OrderLine[]
  customer: CheckoutCustomer
  /** The client's total in the unit of `price`, only compared with the server's own. */
  amount?: number | undefined
  pricing: OrderPricing
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
  const pricing = await priceOrder(
    tx,
    {
      accountId: account.id,
      items: lines.map((line) => ({ id: line.id, quantity: line.count })),
      country: order.pricing.country,
      shippingMethodId: order.pricing.shippingMethodId,
      discountCode: order.pricing.discountCode,
    },
    order.reservedAt,
    { lockCode: true, lockInstruments: true },
  )
  if (pricing.kind === 'invalid') return refuse(pricing)
  // Refused before anything is charged: the shopper reviews the code or the country.
  if (pricing.refusal) return refuse({ kind: 'conflict', error: pricing.refusal.reason })
  const { price } = pricing
  for (const line of price.lines) {
    const refusal = stockRefusal(line, line.quantity)
    if (refusal) refuse({ kind: 'conflict', error: refusal })
  }
  // Refused here, before a unit leaves the shelf: the provider would refuse it when the payment
  // opens. A total of 0 is paid without a card (checkout.ts).
  const tooSmall = smallChargeRefusal(price.totalCents)
  if (tooSmall) refuse({ kind: 'conflict', error: tooSmall })
  // Whole cents on both sides: the client's float total may be off by less than half a cent.
  if (order.amount !== undefined && toCents(order.amount) !== price.totalCents) {
    refuse({
      kind: 'invalid',
      error: 'The total changed, please review your cart',
      field: 'amount',
    })
  }
  for (const line of price.lines) {
    await tx
      .update(instruments)
      .set({ stock: line.stock - line.quantity })
      .where(eq(instruments.id, line.id))
  }
  const c = order.customer
  const [sale] = await tx
    .insert(sales)
    .values({
      status: 'pending',
      createdAt: order.reservedAt,
      cost: fromCents(price.totalCents),
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      shippingCents: price.shippingCents,
      taxCents: price.taxCents,
      taxIncluded: price.taxIncluded,
      discountCode: price.discountCode?.code ?? null,
      shippingMethod: price.shippingMethod?.name ?? null,
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
    price.lines.map((line) => ({
      saleId: sale.id,
      instrumentId: line.id,
      name: line.name,
      brand: line.brand,
      img: line.img,
      price: fromCents(line.priceCents),
      count: line.quantity,
      discountCents: line.discountCents,
      taxCents: line.taxCents,
    })),
  )
  // The code's row is still locked: the next reservation counts this use.
  await holdCodeUse(tx, price, { accountId: account.id, saleId: sale.id })
  if (key) await keyForSale(tx, key, sale.id)
  return {
    saleId: sale.id,
    amountCents: price.totalCents,
    units: lines.reduce((sum, line) => sum + line.count, 0),
    description: chargeDescription(price.lines),
  }
}

function chargeDescription(lines: OrderLinePrice[]): string {
  const text = lines.map((l) => `${l.quantity} x ${l.name}`).join(', ')
  return `Instrument shop: ${text}`.slice(0, 500)
}
