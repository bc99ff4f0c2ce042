import { count, eq, sql } from 'drizzle-orm'
import type { SalesSummary } from '../../contract/back-office'
import { fromCents } from '../../contract/money'
import { ORDER_STATUSES, orderStatus, PAID_STATUSES } from '../../contract/order-states'
import type { Database } from '../db/client'
import { saleItems, sales } from '../db/schema/sales'
import { paidSale } from './sale-states'

const TOP = 10

// docs/product.md §4 and §9: Historyshops' summary and its chart, over the paid sales only, net of
// refunds, summed in the database rather than from every sale in the browser: one pass over the
// sales (per state, so the status filter's counts come with it) and one over the paid lines.
export async function salesSummary(db: Database): Promise<SalesSummary> {
  const [states, top] = await db.transaction(async (tx) => {
    // Grouping 100,000 instruments' lines outgrows the default 4 MB and would spill to a temporary
    // file, which PGlite cannot create (the query failed): room in memory for this one transaction.
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`)
    return Promise.all([summaryByState(tx), topInstruments(tx)])
  })
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as SalesSummary['byStatus']
  let all = 0
  let cashCents = 0
  let totalShops = 0
  let lastShop: Date | null = null
  for (const row of states) {
    const status = orderStatus(row.status, row.fulfilment)
    byStatus[status] += row.n
    all += row.n
    if (!PAID_STATUSES.includes(status)) continue
    cashCents += Number(row.cents)
    totalShops += row.n
    const last = row.last ? new Date(row.last) : null
    if (last && (!lastShop || last > lastShop)) lastShop = last
  }
  const soldProducts = Number(top[0]?.allUnits ?? 0)
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

const summaryByState = (db: Database) =>
  db
    .select({
      status: sales.status,
      fulfilment: sales.fulfilment,
      n: count(),
      cents: sql<string>`coalesce(sum(round(${sales.cost} * 100) - ${sales.refundedCents}), 0)`,
      last: sql<Date | string | null>`max(${sales.createdAt})`,
    })
    .from(sales)
    .groupBy(sales.status, sales.fulfilment)

// Lines are grouped by instrument (by name when the instrument was deleted since); the window sums
// every group's units before the limit keeps the ten largest.
const topInstruments = (db: Database) =>
  db
    .select({
      name: sql<string>`max(${saleItems.name})`,
      units: sql<string>`sum(${saleItems.count})`,
      allUnits: sql<string>`sum(sum(${saleItems.count})) over ()`,
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(paidSale)
    .groupBy(
      saleItems.instrumentId,
      sql`CASE WHEN ${saleItems.instrumentId} IS NULL THEN ${saleItems.name} END`,
    )
    .orderBy(sql`sum(${saleItems.count}) DESC`, sql`1`)
    .limit(TOP)
