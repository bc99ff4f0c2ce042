/**
 * npm run bench:sales: Historyshops' "Sales over time" query (GET /api/sales/over-time) on
 * embedded PGlite with 100,000 sales (a year of them, 1 or 2 lines each, some failed or refunded)
 * over 200 instruments. Each period is asked WARMUP times, then RUNS times, timing the service's
 * two queries together; it prints p50 and p99 in milliseconds (wall clock and this process's CPU)
 * against the 200 ms budget. A measurement, not a test: it exits 0.
 */

import { availableParallelism, loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import type { SalesOverTimeQuery } from '../../contract/sales-over-time'
import { openDatabase } from '../db/client'
import { seedBulkInstruments } from '../db/seed'
import { salesOverTime } from '../services/sales-over-time'

const SALES = Number(process.env.BENCH_SALES ?? 100_000)
const INSTRUMENTS = 200
const WARMUP = 3
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const BUDGET_MS = 200

// BENCH_DATA_DIR keeps the seeded shop in a folder, so a second run skips the seeding.
const database = await openDatabase({ dataDir: process.env.BENCH_DATA_DIR ?? 'memory://' })
const { db } = database
const seeding = performance.now()
const rowsOf = (result: unknown) => (result as { rows: { n: number }[] }).rows
const before = rowsOf(await db.execute(sql`select count(*)::int n from sales`))[0]?.n ?? 0
if (before === 0) await seed()
const counted = await db.execute(sql`select count(*)::int n from sales`)
console.log(
  `${rowsOf(counted)[0]?.n} sales over ${INSTRUMENTS} instruments on PGlite (${before === 0 ? `seeded in ${Math.round(performance.now() - seeding)} ms` : 'kept from the last run'})`,
)

async function seed() {
  await seedBulkInstruments(db, INSTRUMENTS)
  // A sale every 5 min 15 s from 1 January 2025 (100,000 cover 364 days), each of one unit or more
  // of instrument a, and every other one of instrument b too; written in one statement per table.
  const kinds = sql`
  select g, i.min + (g::bigint * 7919) % ${INSTRUMENTS} a, i.min + (g::bigint * 104729) % ${INSTRUMENTS} b,
    1 + g % 3 n,
    case when g % 20 = 0 then 'failed' when g % 500 = 7 then 'pending'
         when g % 50 = 1 then 'partially_refunded' when g % 97 = 2 then 'refunded'
         else 'succeeded' end status
  from generate_series(1, ${SALES}) g, (select min(id) min from instruments) i`
  await db.execute(sql`
  insert into sales (id, status, fulfilment, cost, refunded_cents, payment_id, cus_name, cus_email,
    cus_phone, cus_address, cus_city, cus_country, cus_zip, created_at, updated_at)
  select k.g, k.status,
    case when k.status = 'refunded' and k.g % 2 = 0 then 'cancelled'
         when k.g % 3 = 0 then 'delivered' else 'unfulfilled' end,
    a.price * k.n + case when k.g % 2 = 0 then b.price * k.n else 0 end,
    case when k.status = 'partially_refunded' then round(a.price * 100)::int
         when k.status = 'refunded'
           then round((a.price * k.n + case when k.g % 2 = 0 then b.price * k.n else 0 end) * 100)::int
         else 0 end,
    'pi_bench_' || k.g, 'Bench Buyer', 'bench@example.com', '1134567890', 'Calle 1', 'Córdoba',
    'Argentina', '5000',
    timestamptz '2025-01-01 00:00:00+00' + k.g * interval '315 seconds',
    timestamptz '2025-01-01 00:00:00+00' + k.g * interval '315 seconds'
  from (${kinds}) k
  join instruments a on a.id = k.a
  join instruments b on b.id = k.b`)
  await db.execute(sql`select setval(pg_get_serial_sequence('sales', 'id'), ${SALES})`)
  const lines = (instrument: 'a' | 'b') => sql`
  insert into sale_items (sale_id, instrument_id, name, brand, img, price, count, refunded)
  select k.g, i.id, i.name, i.brand, i.img, i.price, k.n,
    case when k.status = 'refunded' then k.n
         when k.status = 'partially_refunded' and ${sql.raw(`'${instrument}'`)} = 'a' then 1
         else 0 end
  from (${kinds}) k
  join instruments i on i.id = ${sql.raw(`k.${instrument}`)}
  where ${sql.raw(instrument === 'a' ? 'true' : 'k.g % 2 = 0')}`
  await db.execute(lines('a'))
  await db.execute(lines('b'))
  await db.execute(sql`analyze`)
}

const periods: [string, SalesOverTimeQuery][] = [
  ['a year by day (366 days, the cap)', { from: '2025-01-01', to: '2026-01-01', by: 'day' }],
  ['a year by week', { from: '2025-01-01', to: '2025-12-31', by: 'week' }],
  ['a year by month', { from: '2025-01-01', to: '2025-12-31', by: 'month' }],
  ['30 days by day', { from: '2025-06-01', to: '2025-06-30', by: 'day' }],
]

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

let over = false
for (const [label, query] of periods) {
  for (let i = 0; i < WARMUP; i++) await salesOverTime(db, query)
  const wall: number[] = []
  const cpu: number[] = []
  let answer: Awaited<ReturnType<typeof salesOverTime>> | undefined
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    answer = await salesOverTime(db, query)
    const used = process.cpuUsage(cpuBefore)
    wall.push(performance.now() - started)
    cpu.push((used.user + used.system) / 1000)
  }
  const [w50, w99, c50, c99] = [
    percentile(
      wall.sort((a, b) => a - b),
      50,
    ),
    percentile(wall, 99),
    percentile(
      cpu.sort((a, b) => a - b),
      50,
    ),
    percentile(cpu, 99),
  ].map((ms) => ms.toFixed(1).padStart(7))
  over ||= percentile(wall, 99) > BUDGET_MS
  console.log(
    `${label.padEnd(34)} wall p50 ${w50} ms p99 ${w99} ms | cpu p50 ${c50} ms p99 ${c99} ms ` +
      `(${RUNS} runs; ${answer?.periods.length} periods, ${answer?.totals.orders} orders)`,
  )
}
// PGlite runs in this thread, so its CPU time is the query's own work; on a machine shared with
// other work the wall time also counts the waits for a core (the load average says how many).
console.log(
  `${over ? 'Over' : 'Within'} the ${BUDGET_MS} ms budget (wall p99); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
)
await database.close()
