import { count, eq, sql } from 'drizzle-orm'
import type { SalesSummary } from '../../contract/back-office'
import { fromCents } from '../../contract/money'
import { ORDER_STATUSES, orderStatus } from '../../contract/order-states'
import type { Database } from '../db/client'
import { saleItems, sales } from '../db/schema/sales'
import { paidSale } from './sale-states'

const TOP = 10

// docs/product.md §4 and §9: Historyshops' summary and its chart, over the paid sales only, net of
// refunds, computed in the database rather than from every sale in the browser.
export async function salesSummary(db: Database): Promise<SalesSummary> {
  const [totals, states, sold, top] = await Promise.all([
    db
      .select({
        cashCents: sql<string>`coalesce(sum(round(${sales.cost} * 100) - ${sales.refundedCents}), 0)`,
        totalShops: count(),
        lastShop: sql<Date | string | null>`max(${sales.createdAt})`,
      })
      .from(sales)
      .where(paidSale),
    db
      .select({ status: sales.status, fulfilment: sales.fulfilment, n: count() })
      .from(sales)
      .groupBy(sales.status, sales.fulfilment),
    db
      .select({ units: sql<string>`coalesce(sum(${saleItems.count}), 0)` })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(paidSale),
    // Lines are grouped by instrument (by name when the instrument was deleted since), each
    // named as it was last sold.
    db
      .select({
        name: sql<string>`(array_agg(${saleItems.name} ORDER BY ${saleItems.id} DESC))[1]`,
        units: sql<string>`sum(${saleItems.count})`,
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(paidSale)
      .groupBy(sql`coalesce('id:' || ${saleItems.instrumentId}, 'name:' || ${saleItems.name})`)
      .orderBy(sql`sum(${saleItems.count}) DESC`, sql`1`)
      .limit(TOP),
  ])
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as SalesSummary['byStatus']
  let all = 0
  for (const row of states) {
    byStatus[orderStatus(row.status, row.fulfilment)] += row.n
    all += row.n
  }
  const soldProducts = Number(sold[0]?.units ?? 0)
  const topSellers = top.map((row) => ({
    name: row.name,
    'Porcentaje de venta': Math.round((Number(row.units) / soldProducts) * 1000) / 10,
  }))
  const total = totals[0]
  const lastShop = total?.lastShop ? new Date(total.lastShop).toISOString() : null
  return {
    cashBalance: fromCents(Number(total?.cashCents ?? 0)),
    totalShops: total?.totalShops ?? 0,
    soldProducts,
    lastShop,
    all,
    byStatus,
    topSellers,
  }
}
