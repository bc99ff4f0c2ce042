/**
 * npm run bench:search: the tail of the shopper's search. Every query bench:api's distinct-URL
 * rows make (bench-distinct-request.cjs, its first --queries), asked one at a time in-process (no
 * socket, page cache off) on 10,000 generated instruments, as a search's JSON page
 * (`/api/instruments?page=1&limit=10&name=`) and as suggestions (`/api/instruments/suggestions?q=`).
 * Each query is asked --repeat times and keeps its lowest CPU and wall time (on a shared machine
 * the lowest is the query's own cost; a mean of single tries is mostly the neighbours'). Prints
 * per request the mean CPU ms, the p50 and p99 wall ms and CPU ms, then the slowest queries.
 * A measurement, not a test: it exits 0.
 *
 *   npm run bench:search                                  PGlite in memory
 *   npm run bench:search -- --postgres postgres://u@h:5432/postgres
 *                                                         a database of its own on that server,
 *                                                         dropped at the end (the CPU column is
 *                                                         then only this process's share)
 *   npm run bench:search -- --compare /tmp/before         also the API of another checkout of the
 *                                                         shop (e.g. `git archive <commit>`
 *                                                         unpacked there, node_modules linked),
 *                                                         the two taking turns on each query; it
 *                                                         counts the queries they answer
 *                                                         differently (pages, counts, order)
 *   options: --queries 1000 --top 12 --repeat 3
 */

import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Hono } from 'hono'
import { createApi } from '../app'
import { createDeps } from '../deps'
import { readEnv } from '../env'
import { INSTRUMENTS, openBenchDatabase, seedCatalogue } from './bench-catalogue'

setTimeout(() => {
  console.error('bench:search took longer than 900 s, giving up')
  process.exit(1)
}, 900_000).unref()

const { values: flags } = parseArgs({
  options: {
    postgres: { type: 'string' },
    compare: { type: 'string' },
    queries: { type: 'string', default: '1000' },
    top: { type: 'string', default: '12' },
    repeat: { type: 'string', default: '3' },
  },
})
const QUERIES = Number(flags.queries)
const TOP = Number(flags.top)
const REPEAT = Number(flags.repeat)
const WARM_UP = 50

const distinctRequest = fileURLToPath(new URL('./bench-distinct-request.cjs', import.meta.url))
const nextUrl = createRequire(import.meta.url)(distinctRequest) as (r: { path: string }) => {
  path: string
}

const rows = [
  ['search page', '/api/instruments?page=1&limit=10&name='],
  ['suggestions', '/api/instruments/suggestions?q='],
] as const

type Fetch = (request: Request) => Response | Promise<Response>
interface Cost {
  wall: number
  cpu: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const ms = (n: number) => n.toFixed(2)

async function ask(fetch: Fetch, url: string) {
  const cpu = process.cpuUsage()
  const t0 = performance.now()
  const res = await fetch(new Request(url))
  const body = await res.text()
  const wall = performance.now() - t0
  const used = process.cpuUsage(cpu)
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`)
  return { body, cost: { wall, cpu: (used.user + used.system) / 1000 } }
}

async function main() {
  const { database, label, drop } = await openBenchDatabase(flags.postgres)
  await seedCatalogue(database.db)
  const deps = await createDeps(database, readEnv({ DATA_DIR: 'memory://', SEED: '0' }))
  deps.pageCache.get = (_key, load) => load()
  const apis: { name: string; fetch: Fetch }[] = []
  const app = new Hono()
  app.route('/api', createApi(deps))
  apis.push({ name: 'this checkout', fetch: app.fetch })
  if (flags.compare) {
    const dir = resolve(flags.compare)
    const other = (await import(`${dir}/server/app.ts`)) as { createApi: typeof createApi }
    const compared = new Hono()
    compared.route('/api', other.createApi(deps))
    apis.push({ name: dir, fetch: compared.fetch })
  }

  // The generator's own sequence, decoded: what a shopper typed in each request.
  const typed = Array.from({ length: QUERIES + WARM_UP }, () =>
    decodeURIComponent(nextUrl({ path: 'QUERY' }).path),
  )
  const warmUp = typed.splice(QUERIES)

  console.log(
    `${label}: ${INSTRUMENTS} instruments, ${QUERIES} queries, each the lowest of ${REPEAT}, load ${loadavg()[0]?.toFixed(2)}`,
  )
  const summary: Record<string, string | number>[] = []
  const slowest: Record<string, string>[][] = []
  for (const [row, prefix] of rows) {
    for (const api of apis)
      for (const q of warmUp) {
        await ask(api.fetch, `http://shop${prefix}${encodeURIComponent(q)}`)
      }
    const costs = apis.map(() => [] as (Cost & { query: string })[])
    let differ = 0
    for (const [n, query] of typed.entries()) {
      const url = `http://shop${prefix}${encodeURIComponent(query)}`
      const best = apis.map(() => ({
        wall: Number.POSITIVE_INFINITY,
        cpu: Number.POSITIVE_INFINITY,
      }))
      const bodies: string[] = []
      // Turns alternate, so neither checkout always runs on a cache the other warmed.
      const order = n % 2 === 0 ? [...apis.keys()] : [...apis.keys()].reverse()
      for (let r = 0; r < REPEAT; r++) {
        for (const i of order) {
          const { body, cost } = await ask((apis[i] as (typeof apis)[number]).fetch, url)
          const b = best[i] as Cost
          b.wall = Math.min(b.wall, cost.wall)
          b.cpu = Math.min(b.cpu, cost.cpu)
          bodies[i] = body
        }
      }
      for (const [i, b] of best.entries()) costs[i]?.push({ query, ...b })
      if (bodies.some((b) => b !== bodies[0])) {
        differ += 1
        if (differ <= 5) console.log(`${row} ${JSON.stringify(query)} answered differently`)
      }
    }
    for (const [i, api] of apis.entries()) {
      const list = costs[i] ?? []
      const walls = list.map((c) => c.wall).sort((a, b) => a - b)
      const cpus = list.map((c) => c.cpu).sort((a, b) => a - b)
      summary.push({
        request: row,
        checkout: api.name,
        'mean CPU ms': ms(cpus.reduce((sum, c) => sum + c, 0) / cpus.length),
        'p50 CPU': ms(percentile(cpus, 0.5)),
        'p99 CPU': ms(percentile(cpus, 0.99)),
        'p50 wall ms': ms(percentile(walls, 0.5)),
        'p99 wall': ms(percentile(walls, 0.99)),
        'max wall': ms(walls.at(-1) ?? 0),
        ...(apis.length > 1 ? { 'answered differently': differ } : {}),
        load: loadavg()[0]?.toFixed(2) ?? '?',
      })
    }
    const first = costs[0] ?? []
    const distinct = [...new Map(first.map((c, n) => [c.query, n])).values()]
    slowest.push(
      distinct
        .sort((a, b) => (first[b]?.wall ?? 0) - (first[a]?.wall ?? 0))
        .slice(0, TOP)
        .map((n) => ({
          [row]: first[n]?.query ?? '',
          ...Object.fromEntries(
            apis.map((api, i) => [
              `${api.name}: wall / CPU ms`,
              `${ms(costs[i]?.[n]?.wall ?? 0)} / ${ms(costs[i]?.[n]?.cpu ?? 0)}`,
            ]),
          ),
        })),
    )
  }

  console.log(`\n${label}: one request at a time, in-process, page cache off`)
  console.table(summary)
  for (const list of slowest) console.table(list)
  await drop()
}

await main()
process.exit(0)
