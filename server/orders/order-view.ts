import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { formatCents, toCents } from '../../contract/money'
import { allowedActions } from '../../contract/order-states'
import type { Order, OrderEvent } from '../../contract/orders'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { saleEvents, saleRefunds } from '../db/schema/orders'
import { saleItems, sales } from '../db/schema/sales'
import { toSale, toSaleItem } from './sale-view'

/** Who reads the order: an admin reads any and sees the admins' names; a shopper only their own. */
export type Reader = { admin: true } | { admin: false; accountId: number }

// GET /sales/{id}: the order page's answer (contract/orders.ts). Another shopper's order is
// undefined, answered as not found, so nobody learns which order numbers exist.
export async function readOrder(
  db: Database,
  saleId: number,
  reader: Reader,
): Promise<Order | undefined> {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), reader.admin ? undefined : eq(sales.userId, reader.accountId)))
  if (!sale) return undefined
  const items = await db
    .select()
    .from(saleItems)
    .where(eq(saleItems.saleId, saleId))
    .orderBy(asc(saleItems.id))
  const refunds = await db
    .select({ refund: saleRefunds, admin: accounts.userName })
    .from(saleRefunds)
    .leftJoin(accounts, eq(accounts.id, saleRefunds.adminId))
    // A refund still at the provider is not shown until it is made.
    .where(and(eq(saleRefunds.saleId, saleId), isNotNull(saleRefunds.providerRefundId)))
    .orderBy(asc(saleRefunds.id))
  const events = await db
    .select({ event: saleEvents, admin: accounts.userName })
    .from(saleEvents)
    .leftJoin(accounts, eq(accounts.id, saleEvents.adminId))
    .where(eq(saleEvents.saleId, saleId))
    .orderBy(asc(saleEvents.id))
  const adminName = (name: string | null) => (reader.admin ? name : null)
  const { instrument: _lines, ...summary } = toSale(sale, items)
  const placed: OrderEvent = {
    kind: 'placed',
    at: sale.createdAt.toISOString(),
    admin: null,
    note: formatCents(toCents(sale.cost)),
  }
  return {
    ...summary,
    totalCents: toCents(sale.cost),
    lines: items.map((item) => ({
      ...toSaleItem(item),
      priceCents: toCents(item.price),
      refunded: item.refunded,
      restocked: item.restocked,
    })),
    payment: {
      status: sale.status,
      paidCents: sale.status === 'pending' || sale.status === 'failed' ? 0 : toCents(sale.cost),
      refundedCents: sale.refundedCents,
      failure: sale.failure,
    },
    refunds: refunds.map(({ refund, admin }) => ({
      id: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      restock: refund.restock,
      lines: refund.lines.map(({ instrumentId, name, count }) => ({ instrumentId, name, count })),
      source: refund.source,
      admin: adminName(admin),
      createdAt: refund.createdAt.toISOString(),
    })),
    shipment:
      sale.carrier && sale.trackingNumber && sale.shippedAt
        ? {
            carrier: sale.carrier,
            trackingNumber: sale.trackingNumber,
            trackingUrl: sale.trackingUrl,
            shippedAt: sale.shippedAt.toISOString(),
            deliveredAt: sale.deliveredAt?.toISOString() ?? null,
          }
        : null,
    timeline: [
      placed,
      ...events.map(({ event, admin }) => ({
        kind: event.kind,
        at: event.at.toISOString(),
        admin: adminName(admin),
        note: event.note,
      })),
    ],
    actions: reader.admin ? allowedActions(sale.status, sale.fulfilment) : [],
  }
}
