import { and, desc, gte, lte, type SQL, sql } from 'drizzle-orm'
import {
  type SalesOverTime,
  type SalesOverTimeQuery,
  salesOverTimeOf,
  type TopInstrument,
} from '../../contract/sales-over-time'
import type { Database } from '../db/client'
import { saleItems } from '../db/schema/sales'
import { salesDaily, salesDailyInstruments } from '../db/schema/sales-daily'

const TOP = 10

// Historyshops' "Sales over time": the paid sales made from `from` to `to` (whole UTC days),
// grouped by the day, week or month they were made in; refunds count against the sale they give
// back, on the day it was made. Both figures come from migration 0014's rollups (a row a day, and
// a row a day per instrument sold), kept by triggers as sales are paid, refunded and cancelled, so
// a year reads hundreds or thousands of rows instead of every sale and line in it.
// npm run bench:sales times the two queries at 100,000 sales.
export async function salesOverTime(db: Database, q: SalesOverTimeQuery): Promise<SalesOverTime> {
  // A date, not a time: truncated without the session's time zone, as the days are UTC days.
  const truncated = sql`date_trunc(${sql.raw(`'${q.by}'`)}, ${salesDaily.day}::timestamp)`
  const rows = await db
    .select({
      start: sql<string>`to_char(${truncated}, 'YYYY-MM-DD')`,
      orders: sql<number>`sum(${salesDaily.orders})::int`,
      revenueCents: sql<number>`sum(${salesDaily.revenueCents})`.mapWith(Number),
      taxCents: sql<number>`sum(${salesDaily.taxCents})`.mapWith(Number),
      shippingCents: sql<number>`sum(${salesDaily.shippingCents})`.mapWith(Number),
    })
    .from(salesDaily)
    .where(and(gte(salesDaily.day, q.from), lte(salesDaily.day, q.to)))
    .groupBy(truncated)
  const topInstruments = await topByRevenue(
    db,
    and(gte(salesDailyInstruments.day, q.from), lte(salesDailyInstruments.day, q.to)),
  )
  return salesOverTimeOf(q, new Map(rows.map((r) => [r.start, r])), topInstruments)
}

// The units not refunded of each instrument's lines, at the price paid. Lines of a deleted
// instrument are grouped by their name; the others are named as the instrument was last sold,
// looked up for the ten only.
async function topByRevenue(db: Database, inPeriod: SQL | undefined): Promise<TopInstrument[]> {
  const t = salesDailyInstruments
  const ranked = db
    .select({
      instrumentId: t.instrumentId,
      deletedName: t.deletedName,
      revenueCents: sql<number>`sum(${t.revenueCents})`.as('revenue_cents'),
      units: sql<number>`sum(${t.units})::int`.as('units'),
    })
    .from(t)
    .where(inPeriod)
    .groupBy(t.instrumentId, t.deletedName)
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
