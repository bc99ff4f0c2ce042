import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import pino from 'pino'
import { shopConfigFrom } from '../src/lib/shop-config'
import { purgeEndedSessions } from './accounts'
import { createApi } from './app'
import { holdShopDataDir } from './backup/data-dir-lock'
import { createShopBackups, scheduleBackups } from './backup/shop-backups'
import { openDatabase } from './db/client'
import { createDeps } from './deps'
import { createDrain } from './drain'
import { readEnv } from './env'
import { createPeriodicJobs } from './jobs/periodic-jobs'
import { createMailWorker, createSmtpTransport } from './mail'
import { requestLog } from './middleware/request-log'
import { mountMetrics } from './observability/metrics-route'
import { observeRequests } from './observability/requests'
import { startTracing, stopTracing } from './observability/tracing'
import { purgeIdempotencyKeys, settleStaleRefunds, settleStaleReservations } from './payments'
import { deleteUnusedPhotos } from './photos'
import { seedIfEmpty } from './seed/seed'
import { shopOrigin } from './shop-origin'
import { refuseUnsafeSettings } from './startup-checks'
import { DIGEST_CHECK_MS, purgeUnconfirmedAlerts, sendStockDigest } from './stock'
import { mountStorefront } from './storefront/mount'
import { mountAssets, securityHeaders } from './web-headers'

const env = readEnv()
refuseUnsafeSettings(env)
await startTracing(env)
const distDir = process.env.DIST_DIR ?? 'dist'
const releaseDataDir = await holdShopDataDir(env)
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
// Several processes may start at once on an empty database: one seeds it and creates the
// signing secret, the others wait and then find both.
const deps = await database.exclusive(async () => {
  if (env.SEED !== '0') {
    await seedIfEmpty(database.db, {
      adminPassword: env.ADMIN_PASSWORD,
      demoPassword: env.DEMO_PASSWORD,
      // PostgreSQL is where real shops live: accounts anyone could sign in to only when asked for.
      demoShoppers: env.SEED === 'demo' || database.kind === 'pglite',
      dataDir: env.DATA_DIR,
    })
  }
  return createDeps(database, env)
})

const jobs = createPeriodicJobs(database.db)
jobs.every('purge idempotency keys', 60 * 60 * 1000, () => purgeIdempotencyKeys(database.db))
jobs.every('settle stale reservations', 60 * 1000, () => settleStaleReservations(deps))
jobs.every('settle unanswered refunds', 60 * 1000, () => settleStaleRefunds(deps))
jobs.every('purge throttles', 60 * 60 * 1000, () => deps.throttle.purge())
jobs.every('purge ended sessions', 60 * 60 * 1000, () => purgeEndedSessions(database.db))
jobs.every('purge unconfirmed alerts', 60 * 60 * 1000, () => purgeUnconfirmedAlerts(database.db))
jobs.every('delete unused photos', 60 * 60 * 1000, () =>
  deleteUnusedPhotos(database.db, deps.photos),
)
jobs.every('stock digest', DIGEST_CHECK_MS, () => sendStockDigest(database.db, shopOrigin(env)))
const backups = createShopBackups(database, env.DATA_DIR)
scheduleBackups(jobs, env, backups)
await jobs.start()
const stopBackupSocket = (await backups?.listen()) ?? (async () => {})

const mailWorker = env.SMTP_URL
  ? createMailWorker({
      db: database.db,
      transport: createSmtpTransport(env.SMTP_URL, env.MAIL_FROM),
    })
  : undefined
mailWorker?.start()

const drain = createDrain()
const app = new Hono()
app.use(observeRequests())
app.use(requestLog(pino()))
app.use(drain.middleware)
app.use(securityHeaders({ https: env.PUBLIC_URL?.startsWith('https://') ?? false }))
app.use(compress())
app.route('/api', createApi(deps))
// A mounted sub-app's notFound is not consulted by the parent: unknown API paths stop here
// instead of falling through to the SPA's index.html.
app.all('/api/*', (c) => c.json({ error: `No such API path: ${c.req.method} ${c.req.path}` }, 404))
mountMetrics(app, { token: env.METRICS_TOKEN, db: database.db })

mountAssets(app, distDir)
await mountStorefront(app, {
  distDir,
  db: database.db,
  pageCache: deps.pageCache,
  origin: shopOrigin(env),
  config: shopConfigFrom(env),
  renderThreads: env.RENDER_THREADS,
})

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Instrument shop on http://localhost:${info.port} (database: ${database.kind})`)
})

/** Longer than a card payment may take (payments/provider.ts), shorter than a usual 30 s grace. */
const DRAIN_TIMEOUT_MS = 25_000
async function stop(signal: string) {
  console.log(`${signal}: finishing the requests under way, then stopping`)
  setTimeout(() => {
    console.error(`Requests still under way after ${DRAIN_TIMEOUT_MS / 1000} s: stopping anyway`)
    process.exit(1)
  }, DRAIN_TIMEOUT_MS).unref()
  await drain.drain(server, async () => {
    await stopBackupSocket()
    await jobs.stop()
    await mailWorker?.stop()
    await database.close()
    await stopTracing()
    await releaseDataDir()
  })
  process.exit(0)
}
process.once('SIGTERM', () => stop('SIGTERM'))
process.once('SIGINT', () => stop('SIGINT'))
