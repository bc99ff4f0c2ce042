import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { describeOperation, ok, okWith } from '../openapi/describe-operation'

const journal = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations/meta/_journal.json')
const MIGRATIONS = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries
  .length

async function appliedMigrations(db: Database): Promise<number> {
  const result: unknown = await db.execute(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  )
  // PGlite answers { rows }, postgres-js the rows themselves.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    n: number
  }[]
  return rows[0]?.n ?? 0
}

const aboutHealth = describeOperation({
  summary: 'The process answers',
  responses: { 200: ok },
})

const aboutReady = describeOperation({
  summary: 'The database is reachable and every migration applied (503 otherwise)',
  responses: { 200: okWith({ migrations: z.number() }), 503: 'Not ready' },
})

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', aboutHealth, (c) => c.json({ ok: 'The shop is running' }))
  .get('/ready', aboutReady, async (c) => {
    const applied = await appliedMigrations(c.get('deps').db).catch(() => undefined)
    if (applied === undefined) return c.json({ error: 'The database cannot be reached' }, 503)
    if (applied < MIGRATIONS) {
      return c.json({ error: `The database has ${applied} of ${MIGRATIONS} migrations` }, 503)
    }
    return c.json({ ok: 'Ready', migrations: applied })
  })
