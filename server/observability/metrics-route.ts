import { createHash, timingSafeEqual } from 'node:crypto'
import { isNull, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import type { Database } from '../db/client'
import { mailOutbox } from '../db/schema/mail'
import { collectNodeMetrics, registry, setOutbox } from './metrics'

const digest = (token: string) => createHash('sha256').update(token).digest()

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN as its bearer
 * token. Without the token set nothing is mounted: the path is the storefront's 404 as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its variables
export function mountMetrics(app: Hono<any>, opts: { token: string | undefined; db: Database }) {
  if (!opts.token) return
  collectNodeMetrics()
  // Digests of equal length, compared in constant time: the answer's timing tells nothing of it.
  const expected = digest(opts.token)
  app.get('/metrics', async (c) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    if (!given || !timingSafeEqual(digest(given), expected)) {
      c.header('WWW-Authenticate', 'Bearer')
      return c.json({ error: 'The metrics need the METRICS_TOKEN bearer token' }, 401)
    }
    await readOutbox(opts.db)
    c.header('Cache-Control', 'no-store')
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType })
  })
}

// Read at each scrape from the table, so every process reports the one shared outbox. A database
// that does not answer leaves the last figures: the rest of the page matters most just then.
async function readOutbox(db: Database) {
  try {
    const [row] = await db
      .select({
        unsent: sql<number>`count(*)::int`,
        oldest: sql<
          number | null
        >`extract(epoch from now() - min(${mailOutbox.createdAt}))::float8`,
      })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt))
    setOutbox(Number(row?.unsent ?? 0), Math.max(0, Number(row?.oldest ?? 0)))
  } catch (error) {
    console.error('Reading the mail outbox for /metrics', error)
  }
}
