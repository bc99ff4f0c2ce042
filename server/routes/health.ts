import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'

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

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ ok: 'The shop is running' }))
  .get('/ready', async (c) => {
    const applied = await appliedMigrations(c.get('deps').db).catch(() => undefined)
    if (applied === undefined) return c.json({ error: 'The database cannot be reached' }, 503)
    if (applied < MIGRATIONS) {
      return c.json({ error: `The database has ${applied} of ${MIGRATIONS} migrations` }, 503)
    }
    return c.json({ ok: 'Ready', migrations: applied })
  })
