import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { SalesSummary } from '../../contract/back-office'
import { fromCents } from '../../contract/money'
import {
  type Fulfilment,
  ORDER_STATUSES,
  orderStatus,
  PAID_PAYMENTS,
  PAID_STATUSES,
  type PaymentStatus,
} from '../../contract/order-states'
import type { Database } from '../db/client'
import { sales } from '../db/schema/sales'
import { salesSellers, salesStateCounts, salesUnitsSold } from '../db/schema/sales-summary'
import { paidSale } from './sale-states'

const TOP = 10

// docs/product.md §4 and §9: Historyshops' summary and its chart, over the paid sales only, net of
// refunds. Summing every sale and paid line on each call grows with the sales, on PGlite in the
// one database thread the storefront waits for: the sums are kept by migration 0018's
// triggers, and this reads a few rows of them and one row of an index.
export async function salesSummary(db: Database): Promise<SalesSummary> {
  const [states, sold, top, last] = await db.transaction((tx) =>
    Promise.all([
      tx.select().from(salesStateCounts),
      tx.select({ units: salesUnitsSold.units }).from(salesUnitsSold),
      topSellers(tx),
      lastPaidSale(tx),
    ]),
  )
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as SalesSummary['byStatus']
  let all = 0
  let cashCents = 0
  let taxCents = 0
  let shippingCents = 0
  let totalShops = 0
  for (const row of states) {
    const status = orderStatus(row.status as PaymentStatus, row.fulfilment as Fulfilment)
    byStatus[status] += row.orders
    all += row.orders
    if (!PAID_STATUSES.includes(status)) continue
    cashCents += row.cents
    taxCents += row.taxCents
    shippingCents += row.shippingCents
    totalShops += row.orders
  }
  const soldProducts = Number(sold[0]?.units ?? 0)
  const lastShop = last[0]?.at ? new Date(last[0].at) : null
  return {
    cashBalance: fromCents(cashCents),
    taxCollected: fromCents(taxCents),
    shippingCollected: fromCents(shippingCents),
    totalShops,
    soldProducts,
    lastShop: lastShop?.toISOString() ?? null,
    all,
    byStatus,
    topSellers: top.map((row) => ({
      name: row.name,
      'Porcentaje de venta': Math.round((Number(row.units) / soldProducts) * 1000) / 10,
    })),
  }
}

// The ten instruments (or deleted instruments' names) with the most units, ties by the name shown,
// as the sum over the lines ordered them: the first ten entries of sales_sellers_top_idx.
const topSellers = (db: Database) =>
  db
    .select({ name: sql<string>`${salesSellers.name}`, units: salesSellers.units })
    .from(salesSellers)
    .where(gt(salesSellers.units, 0))
    .orderBy(sql`${salesSellers.units} DESC NULLS LAST`, salesSellers.name)
    .limit(TOP)

// The newest paid sale, read from the end of sales_status_created_idx once per paid status (the
// status named alone, so each subquery can start from its end of the index).
const lastPaidSale = (db: Database) => {
  const newest = PAID_PAYMENTS.map(
    (status) =>
      sql`(${db
        .select({ at: sales.createdAt })
        .from(sales)
        .where(and(eq(sales.status, status), paidSale))
        .orderBy(desc(sales.createdAt))
        .limit(1)})`,
  )
  return db
    .select({ at: sql<Date | string | null>`greatest(${sql.join(newest, sql`, `)})` })
    .from(sql`(SELECT 1) AS one`)
}
