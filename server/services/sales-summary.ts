import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
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
import {
  salesSellerNames,
  salesSellers,
  salesStateCounts,
  salesUnitsSold,
} from '../db/schema/sales-summary'

const TOP = 10

// docs/product.md §4 and §9: Historyshops' summary and its chart, over the paid sales only, net of
// refunds. Summing every sale and paid line on each call took 265 ms of PGlite's one thread at
// 100,000 sales, and the storefront waited behind it: the sums are kept by migration 0018's
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
  let totalShops = 0
  for (const row of states) {
    const status = orderStatus(row.status as PaymentStatus, row.fulfilment as Fulfilment)
    byStatus[status] += row.orders
    all += row.orders
    if (!PAID_STATUSES.includes(status)) continue
    cashCents += row.cents
    totalShops += row.orders
  }
  const soldProducts = Number(sold[0]?.units ?? 0)
  const lastShop = last[0]?.at ? new Date(last[0].at) : null
  return {
    cashBalance: fromCents(cashCents),
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

// The ten instruments (or deleted instruments' names) with the most units, ties by name as the
// sum over the lines had them: every group tied with the tenth is read, then ordered by name. A
// live instrument shows the greatest name its paid lines were sold under.
async function topSellers(db: Database) {
  const tenth = db
    .select({ units: salesSellers.units })
    .from(salesSellers)
    .where(gt(salesSellers.units, 0))
    .orderBy(desc(salesSellers.units))
    .limit(1)
    .offset(TOP - 1)
  // Spelt out: drizzle writes a one-table select's columns without their table, which would
  // leave the subquery's condition comparing its own column with itself.
  const name = sql<string>`coalesce("sales_sellers"."deleted_name", (
    SELECT max(n."name") FROM ${salesSellerNames} n
    WHERE n."instrument_id" = "sales_sellers"."instrument_id" AND n."units" > 0))`
  return db
    .select({ name: name.as('name'), units: salesSellers.units })
    .from(salesSellers)
    .where(sql`${salesSellers.units} > 0 AND ${salesSellers.units} >= coalesce((${tenth}), 1)`)
    .orderBy(desc(salesSellers.units), sql`name`)
    .limit(TOP)
}

// The newest paid sale, read from the end of sales_status_created_idx once per paid status.
const lastPaidSale = (db: Database) => {
  const newest = PAID_PAYMENTS.map(
    (status) =>
      sql`(${db
        .select({ at: sales.createdAt })
        .from(sales)
        .where(and(eq(sales.status, status), ne(sales.fulfilment, 'cancelled')))
        .orderBy(desc(sales.createdAt))
        .limit(1)})`,
  )
  return db
    .select({ at: sql<Date | string | null>`greatest(${sql.join(newest, sql`, `)})` })
    .from(sql`(SELECT 1) AS one`)
}
