/**
 * npm run bench:import: the catalogue's CSV import with 10,000 rows on in-memory PGlite (aim:
 * 10,000 rows in under 10 s). Through the real routes: the dry run and the import of 10,000 new
 * instruments, then of the whole catalogue exported and every price changed (10,000 updates).
 * During each import, storefront pages are asked one after another; the longest a page took is
 * how long a shopper waited for the import (on PGlite, for its open transaction).
 * A measurement, not a test: it prints the figures and exits 0.
 */

import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { seedIfEmpty } from '../server/seed/seed'
import { createTestApi } from '../server/test/harness'

const ROWS = 10_000
const LIMIT_S = 10

const t = await createTestApi()
await seedIfEmpty(t.db, { adminPassword: 'bench-admin-1', demoPassword: undefined })
const admin = await t.makeAccount({ rol: 'admin' })
const headers = { Authorization: `Bearer ${admin.token}` }

let page = 0
// Each page a new one, so the page cache answers none of them.
async function storefrontWaits(until: Promise<unknown>) {
  let done = false
  until.finally(() => {
    done = true
  })
  const waits: number[] = []
  while (!done) {
    page = (page % 200) + 1
    const started = performance.now()
    const res = await t.api.request(`/instruments?page=${page}&sort=price`)
    if (res.status !== 200) throw new Error(`storefront page: ${res.status}`)
    waits.push(performance.now() - started)
  }
  return waits
}

async function timed(label: string, path: string, csv: string) {
  const started = performance.now()
  const answer = Promise.resolve(
    t.api.request(path, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/csv' },
      body: csv,
    }),
  )
  const waits = await storefrontWaits(answer)
  const res = await answer
  const seconds = (performance.now() - started) / 1000
  const body = (await res.json()) as { ok?: string; error?: string }
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`)
  const longest = Math.max(...waits)
  console.log(
    `${label.padEnd(34)} ${seconds.toFixed(2).padStart(6)} s  ${body.ok}; ${waits.length} storefront pages meanwhile, the longest ${Math.round(longest)} ms`,
  )
  return seconds
}

const header = ['name', 'brand', 'price', 'img', 'description', 'stock', 'status', 'category']
const newRows = Array.from({ length: ROWS }, (_, n) => [
  `Bench guitar #${n + 1}`,
  ['Fender', 'Gibson', 'Yamaha', 'Ibanez'][n % 4],
  String(100 + (n % 3000) + 0.99),
  '/images/guitar.webp',
  `A solid-body electric guitar, bench row ${n + 1}. Alder body, maple neck, three pickups.`,
  String(n % 13),
  n % 3 === 0 ? 'Used' : 'New',
  'Guitars',
])
const created = stringify([header, ...newRows])
const results = [
  await timed(`dry run, ${ROWS} new rows`, '/instruments/import/check', created),
  await timed(`import, ${ROWS} new rows`, '/instruments/import', created),
]

const exported = await (await t.api.request('/instruments/export.csv', { headers })).text()
const [columns, ...rows] = parse(exported, { bom: true }) as string[][]
const price = columns?.indexOf('price') ?? -1
const changed = stringify([
  columns,
  ...rows.map((r) => r.map((c, i) => (i === price ? String(Number(c) + 1) : c))),
])
results.push(
  await timed(`dry run, ${rows.length} updates`, '/instruments/import/check', changed),
  await timed(`import, ${rows.length} updates`, '/instruments/import', changed),
)

const worst = Math.max(...results)
console.log(
  `slowest: ${worst.toFixed(2)} s for ${ROWS} rows or more (goal < ${LIMIT_S} s): ${worst < LIMIT_S ? 'met' : 'NOT met'}`,
)
await t.close()
