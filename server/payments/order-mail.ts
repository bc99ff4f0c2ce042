import { and, eq, isNull } from 'drizzle-orm'
import { formatCents, toCents } from '../../contract/money'
import type { Transaction } from '../db/client'
import { type saleItems, sales } from '../db/schema/sales'
import { greeting, queueMail } from '../mail'
import { toSale } from '../orders'

type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

// The price as the sale stored it (server/pricing): these add up to the total, to the cent.
function priceLines(sale: SaleRow): string[] {
  const { subtotal, discount, shipping, tax } = toSale(sale, [])
  const cents = (amount: number) => formatCents(toCents(amount))
  return [
    `Subtotal: ${cents(subtotal)}`,
    ...(sale.discountCents > 0
      ? [`Discount${sale.discountCode ? ` (${sale.discountCode})` : ''}: -${cents(discount)}`]
      : []),
    `Shipping${sale.shippingMethod ? ` (${sale.shippingMethod})` : ''}: ${cents(shipping)}`,
    `Tax${sale.taxIncluded ? ' (included)' : ''}: ${cents(tax)}`,
    `Total: ${cents(sale.cost)}`,
  ]
}

// Written in the transaction that marks the sale paid, whoever settles it (the request, confirm,
// the webhook, the sweep): a buyer whose tab closed still gets it. orderMailedAt makes it once.
// Only catalogue words and figures, never the buyer's free text.
export async function queueOrderMail(tx: Transaction, sale: SaleRow, items: SaleItemRow[]) {
  const first = await tx
    .update(sales)
    .set({ orderMailedAt: new Date() })
    .where(and(eq(sales.id, sale.id), isNull(sales.orderMailedAt)))
    .returning({ id: sales.id })
  if (first.length === 0) return
  const lines = items.map((i) => {
    const price = toCents(i.price)
    return `${i.count} x ${i.name} (${i.brand}) at ${formatCents(price)} = ${formatCents(price * i.count)}`
  })
  await queueMail(tx, {
    to: sale.cusEmail,
    subject: `Your Instrument Shop order #${sale.id}`,
    text: [
      greeting(sale.cusName),
      '',
      'thank you for your purchase. Your order:',
      ...lines,
      `Items: ${items.reduce((n, i) => n + i.count, 0)}`,
      ...priceLines(sale),
      '',
      'It ships to the address you gave at checkout.',
    ].join('\n'),
  })
}
