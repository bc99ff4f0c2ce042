import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import {
  type SalesOverTime,
  type SalesOverTimeQuery,
  salesOverTimeOf,
  type TopInstrument,
} from '../../contract/sales-over-time'
import type { Database } from '../db/client'
import { centsOf } from '../db/money-sql'
import { saleItems, sales } from '../db/schema/sales'
import { paidSale } from './sale-states'

const TOP = 10

// Historyshops' "Sales over time": the paid sales made from `from` to `to` (whole UTC days),
// grouped by the day, week or month they were made in; refunds count against the sale they give
// back, on the day it was made. Two queries, one after the other (PGlite runs one at a time
// anyway); npm run bench:sales times them at 100,000 sales.
export async function salesOverTime(db: Database, q: SalesOverTimeQuery): Promise<SalesOverTime> {
  const inPeriod = and(
    paidSale,
    gte(sales.createdAt, utcDay(q.from)),
    lt(sales.createdAt, nextUtcDay(q.to)),
  )
  // Grouped by the truncated time and written as a date once per group, not once per sale; the
  // unit is one of three words the query's schema allows.
  const truncated = sql`date_trunc(${sql.raw(`'${q.by}'`)}, ${sales.createdAt} at time zone 'UTC')`
  // Sums in dollars, turned into cents once: exact, as every amount has two decimals at most.
  const rows = await db
    .select({
      start: sql<string>`to_char(${truncated}, 'YYYY-MM-DD')`,
      orders: sql<number>`count(*)::int`,
      revenueCents:
        sql<number>`${centsOf(sql`sum(${sales.cost})`)} - sum(${sales.refundedCents})`.mapWith(
          Number,
        ),
    })
    .from(sales)
    .where(inPeriod)
    .groupBy(truncated)
  const topInstruments = await topByRevenue(db, inPeriod)
  return salesOverTimeOf(q, new Map(rows.map((r) => [r.start, r])), topInstruments)
}

// The units not refunded of each instrument's lines, at the price paid. Lines of a deleted
// instrument are grouped by their name; the others are named as the instrument was last sold,
// looked up for the ten only.
async function topByRevenue(db: Database, inPeriod: SQL | undefined): Promise<TopInstrument[]> {
  const units = sql`${saleItems.count} - ${saleItems.refunded}`
  const deletedName = sql<
    string | null
  >`case when ${saleItems.instrumentId} is null then ${saleItems.name} end`
  const ranked = db
    .select({
      instrumentId: saleItems.instrumentId,
      deletedName: deletedName.as('deleted_name'),
      revenueCents: centsOf(sql`sum((${units}) * ${saleItems.price})`).as('revenue_cents'),
      units: sql<number>`sum(${units})::int`.as('units'),
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(inPeriod)
    .groupBy(saleItems.instrumentId, deletedName)
    .orderBy(desc(sql`revenue_cents`), desc(sql`units`))
    .limit(TOP)
    .as('ranked')
  const lastName = sql<string>`(select ${saleItems.name} from ${saleItems} where ${saleItems.instrumentId} = ${ranked.instrumentId} order by ${saleItems.id} desc limit 1)`
  const rows = await db
    .select({
      instrumentId: ranked.instrumentId,
      name: sql<string>`coalesce(${ranked.deletedName}, ${lastName})`,
      revenueCents: ranked.revenueCents,
      units: ranked.units,
    })
    .from(ranked)
    .orderBy(desc(ranked.revenueCents), desc(ranked.units))
  return rows
    .map((r) => ({ ...r, revenueCents: Number(r.revenueCents), units: Number(r.units) }))
    .filter((r) => r.units > 0)
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`)
const nextUtcDay = (date: string) => {
  const day = utcDay(date)
  day.setUTCDate(day.getUTCDate() + 1)
  return day
}
