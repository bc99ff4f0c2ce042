import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { createApi } from './app'
import { openDatabase } from './db/client'
import { seedIfEmpty } from './db/seed'
import { createDeps } from './deps'
import { readEnv } from './env'
import { purgeIdempotencyKeys } from './services/checkout'

const env = readEnv()
const distDir = process.env.DIST_DIR ?? 'dist'
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
if (env.SEED === '1') {
  await seedIfEmpty(database.db, {
    adminPassword: env.ADMIN_PASSWORD,
    demoPassword: env.DEMO_PASSWORD,
  })
}

// Stored payment answers outlive their use after a day (services/checkout.ts): drop them at start
// and every hour. unref: the timer never keeps a stopping server alive.
const purgeOldAnswers = () =>
  purgeIdempotencyKeys(database.db).catch((error) =>
    console.error('Purging idempotency keys', error),
  )
await purgeOldAnswers()
setInterval(purgeOldAnswers, 60 * 60 * 1000).unref()

const app = new Hono()
app.use(compress())
app.route('/api', createApi(createDeps(database.db, env)))
// A mounted sub-app's notFound is not consulted by the parent: unknown API paths stop here
// instead of falling through to the SPA's index.html.
app.all('/api/*', (c) => c.json({ error: `No such API path: ${c.req.method} ${c.req.path}` }, 404))

// Vite names built files by content hash, so they can be cached for a year.
app.use('/assets/*', async (c, next) => {
  await next()
  if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
})
app.use('*', serveStatic({ root: distDir }))
// History fallback: every other path is an SPA route and gets index.html.
const indexHtml = join(distDir, 'index.html')
app.get('*', serveStatic({ path: indexHtml }))
if (!existsSync(indexHtml)) console.warn(`No built SPA at ${indexHtml}: run "npm run build".`)

const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(`Instrument shop on http://localhost:${info.port} (database: ${database.kind})`)
})

let closing = false
function shutdown(signal: string) {
  if (closing) return
  closing = true
  console.log(`${signal}: closing`)
  server.close(async () => {
    await database.close()
    process.exit(0)
  })
  // Keep-alive connections may hold the server open; do not hang a deploy on them.
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
