import { and, eq, isNull } from 'drizzle-orm'
import { formatCents, toCents } from '../../contract/money'
import type { Transaction } from '../db/client'
import { type saleItems, sales } from '../db/schema/sales'
import { greeting, queueMail } from '../mail'

type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

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
      `Total: ${formatCents(toCents(sale.cost))}`,
      '',
      'It ships to the address you gave at checkout.',
    ].join('\n'),
  })
}
