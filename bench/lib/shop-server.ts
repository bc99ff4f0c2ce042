/**
 * bench:api's shop, in a process of its own with the shop's Node flags: the seeded catalogue, the
 * API and the rendered pages on 127.0.0.1, without server/index.ts's request log, compression and
 * security headers. bench/api.ts forks it and sends the load from its own process: a shop's server
 * does not carry its visitors' load generator in its heap and its V8 threads
 * (docs/decisions/2026-11-25-cheap-misses.md).
 *
 * The bench asks it, over the fork's channel, for what only the server's process can measure.
 * With BENCH_INSTRUMENTS (bench:catalogue), that many instruments of seedVariedCatalogue instead.
 */

import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Hono } from 'hono'
import { createApi } from '../../server/app'
import { accounts } from '../../server/db/schema/accounts'
import { createDeps } from '../../server/deps'
import { readEnv } from '../../server/env'
import { shopOrigin } from '../../server/shop-origin'
import { mountStorefront } from '../../server/storefront/mount'
import { DEFAULT_RENDER_THREADS } from '../../server/storefront/renderer'
import { catalogueWrites } from './catalogue-writes'
import { profileSelfTime } from './cpu-profile'
import {
  INSTRUMENTS,
  openBenchDatabase,
  seedCatalogue,
  seedVariedCatalogue,
} from './generated-catalogue'
import { serveLocally } from './local-server'

export type BenchQuestion =
  | { ask: 'page cache off' }
  | { ask: 'cost'; urls: string[]; init?: RequestInit }
  | { ask: 'watch pauses' }
  | { ask: 'longest pause' }
  | { ask: 'profile'; urls: string[] }
  | { ask: 'catalogue writes'; seconds: number }
  | { ask: 'pricing' }
  | { ask: 'close' }

const send = (message: unknown) => process.send?.(message)

const started = performance.now()
const { database, label, drop } = await openBenchDatabase(process.env.BENCH_POSTGRES_URL)
const instruments = Number(process.env.BENCH_INSTRUMENTS || INSTRUMENTS)
const seeded = process.env.BENCH_INSTRUMENTS
  ? await seedVariedCatalogue(database.db, instruments)
  : await seedCatalogue(database.db)
const seededIn = ((performance.now() - started) / 1000).toFixed(1)

const deps = await createDeps(database, readEnv({ DATA_DIR: 'memory://', SEED: '0' }))
const storefront = {
  distDir: process.env.DIST_DIR ?? 'dist',
  db: database.db,
  pageCache: deps.pageCache,
  origin: shopOrigin(deps.env),
}
const renderThreads = readEnv().RENDER_THREADS ?? DEFAULT_RENDER_THREADS
const app = new Hono()
app.route('/api', createApi(deps))
await mountStorefront(app, { ...storefront, renderThreads })
const server = await serveLocally(app.fetch)

// The server's own cost of one request: in-process, one at a time, no socket. Its CPU counts
// every thread of this process, the database's included.
async function cost(urls: string[], init?: RequestInit) {
  const times: number[] = []
  const cpu = process.cpuUsage()
  for (const url of urls) {
    const t0 = performance.now()
    await (await app.fetch(new Request(url, init))).arrayBuffer()
    times.push(performance.now() - t0)
  }
  const used = process.cpuUsage(cpu)
  const n = urls.length
  times.sort((a, b) => a - b)
  return {
    'in-process ms': (times.reduce((sum, t) => sum + t, 0) / n).toFixed(1),
    'in-process p99': (times[Math.floor(n * 0.99)] ?? 0).toFixed(1),
    'cpu ms': ((used.user + used.system) / 1000 / n).toFixed(1),
  }
}

// The profiler sees one thread: these renders run in it (RENDER_THREADS=0), not in the render
// threads that served the load.
async function profile(urls: string[]) {
  const inThread = new Hono()
  inThread.route('/api', createApi(deps))
  await mountStorefront(inThread, { ...storefront, renderThreads: 0 })
  return profileSelfTime(async () => {
    for (const url of urls) await (await inThread.fetch(new Request(url))).arrayBuffer()
  }, 15)
}

const pauses = monitorEventLoopDelay({ resolution: 5 })

/** A bearer token of an admin (or a shopper) made for the bench. */
async function adminToken(rol: 'admin' | 'user' = 'admin') {
  const [admin] = await database.db
    .insert(accounts)
    .values({
      kind: rol,
      rol,
      userName: `bench-${rol}-${Date.now()}`,
      email: `bench-${rol}-${Date.now()}@example.com`,
      firstName: 'Bench',
      lastName: 'Admin',
    })
    .returning()
  if (!admin) throw new Error('no bench account')
  return deps.tokens.sign({
    sub: String(admin.id),
    userName: admin.userName,
    user_rol: rol,
    ver: admin.tokenVersion,
  })
}

// A shop that prices as a European one does: a zone with two methods, VAT and a code, set through
// the admin routes; the quote row is then asked by a signed-in shopper.
async function pricing() {
  const admin = await adminToken()
  const call = async (method: string, path: string, body: unknown) => {
    const res = await app.fetch(
      new Request(`http://bench/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  }
  await call('POST', '/admin/shipping-zones', {
    name: 'Bench Europe',
    countries: ['Spain', 'France'],
    methods: [
      { name: 'Standard', price: 12.1, freeOver: 500, days: 5 },
      { name: 'Express', price: 24.2, days: 1 },
    ],
  })
  await call('PUT', '/admin/tax', {
    pricesIncludeTax: true,
    rates: [{ country: 'Spain', rate: 21 }],
  })
  await call('POST', '/admin/discount-codes', { code: 'BENCH10', kind: 'percent', value: 10 })
  return { token: await adminToken('user'), code: 'BENCH10', country: 'Spain' }
}

async function answer(question: BenchQuestion) {
  switch (question.ask) {
    case 'page cache off':
      // Every request reaches the database and the renderer.
      deps.pageCache.get = (_key, load) => load()
      return true
    case 'cost':
      return cost(question.urls, question.init)
    case 'watch pauses':
      pauses.reset()
      pauses.enable()
      return true
    case 'longest pause':
      pauses.disable()
      return Math.round(pauses.max / 1e6)
    case 'profile':
      return profile(question.urls)
    case 'catalogue writes':
      return catalogueWrites(app.fetch, await adminToken(), question.seconds)
    case 'pricing':
      return pricing()
    case 'close':
      await server.close()
      await drop()
      return true
  }
}

process.on('message', (message: BenchQuestion & { id: number }) => {
  answer(message).then(
    (reply) => {
      send({ id: message.id, reply })
      if (message.ask === 'close') process.disconnect()
    },
    (error: unknown) => send({ id: message.id, error: String(error) }),
  )
})
// The bench gone, nothing is left to serve.
process.on('disconnect', () => process.exit(0))

send({
  ready: {
    ...seeded,
    origin: server.origin,
    label,
    seeded: `${seeded.categoryCount} categories, ${instruments} instruments in ${seededIn} s`,
    renderThreads,
  },
})
