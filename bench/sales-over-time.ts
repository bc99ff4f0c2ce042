/**
 * npm run bench:sales: Historyshops' "Sales over time" query (GET /api/sales/over-time) on
 * embedded PGlite with 100,000 sales (a year of them, 1 or 2 lines each, some failed or refunded)
 * over 200 instruments. Each period is asked WARMUP times, then RUNS times, timing the service's
 * two queries together; it prints p50 and p99 in milliseconds (wall clock and this process's CPU)
 * against the 200 ms budget. A measurement, not a test: it exits 0.
 *
 * BENCH_DATABASE_URL=postgres://… also runs it on that PostgreSQL, in a database of its own made
 * for the run and dropped after (the shop's data is never touched). There the query runs in the
 * server's process, so only the wall time is printed.
 */

import { availableParallelism, loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import type { SalesOverTimeQuery } from '../contract/sales-over-time'
import { salesOverTime } from '../server/back-office'
import { type Database, type DatabaseHandle, openDatabase } from '../server/db/client'
import { resultRows } from '../server/db/result-rows'
import { seedBulkInstruments } from '../server/seed/seed'

const SALES = Number(process.env.BENCH_SALES ?? 100_000)
const INSTRUMENTS = 200
const WARMUP = 3
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const BUDGET_MS = 200

const countSales = async (db: Database) =>
  resultRows<{ n: number }>(await db.execute(sql`select count(*)::int n from sales`))[0]?.n ?? 0

async function bench(kind: string, database: DatabaseHandle, inThisProcess: boolean) {
  const { db } = database
  try {
    const seeding = performance.now()
    const before = await countSales(db)
    // Seeded in one transaction without the server's statement timeout: each of the 250,000
    // rows goes through migration 0014's triggers, longer than a request may take.
    if (before === 0)
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`)
        await seed(tx as unknown as Database)
      })
    console.log(
      `${await countSales(db)} sales over ${INSTRUMENTS} instruments on ${kind} (${before === 0 ? `seeded in ${Math.round(performance.now() - seeding)} ms` : 'kept from the last run'})`,
    )
    await measure(db, inThisProcess)
  } finally {
    await database.close()
  }
}

async function seed(db: Database) {
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

async function measure(db: Database, inThisProcess: boolean) {
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
      `${label.padEnd(34)} wall p50 ${w50} ms p99 ${w99} ms | ` +
        (inThisProcess ? `cpu p50 ${c50} ms p99 ${c99} ms ` : '') +
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
}

// BENCH_DATA_DIR keeps the seeded shop in a folder, so a second run skips the seeding.
await bench(
  'PGlite',
  await openDatabase({ dataDir: process.env.BENCH_DATA_DIR ?? 'memory://' }),
  true,
)
const url = process.env.BENCH_DATABASE_URL
if (url) {
  const name = `bench_sales_${process.pid}_${Date.now()}`
  const server = postgres(url, { max: 1, onnotice: () => {} })
  await server.unsafe(`CREATE DATABASE "${name}"`)
  const own = new URL(url)
  own.pathname = `/${name}`
  try {
    await bench(
      'PostgreSQL',
      await openDatabase({ databaseUrl: own.toString(), dataDir: 'memory://' }),
      false,
    )
  } finally {
    await server.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await server.end({ timeout: 5 })
  }
}
