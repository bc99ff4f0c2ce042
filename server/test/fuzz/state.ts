import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'

// Tables a refused request may write to on purpose: throttle counters (a failed login counts),
// ended sessions (a logout), the mail outbox, and the process's own bookkeeping.
const MAY_CHANGE_ON_REFUSAL = new Set([
  'throttles',
  'ended_sessions',
  'mail_outbox',
  'job_runs',
  'server_settings',
])

/**
 * A fingerprint of every other table of the shop (found in the database, so a new table is
 * covered without an edit here): its rows, hashed in the database in one query, in an order
 * that does not depend on where PostgreSQL stored them.
 */
export async function stateReader(db: Database) {
  const listed = await rows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const tables = listed.map((t) => t.name).filter((name) => !MAY_CHANGE_ON_REFUSAL.has(name))
  const query = sql.raw(
    tables
      .map(
        (name) =>
          `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS hash FROM (SELECT t::text AS r FROM "${name}" t) s`,
      )
      .join(' UNION ALL '),
  )
  return async () => {
    const found = await rows<{ name: string; n: number; hash: string }>(db, query)
    return new Map(found.map((t) => [t.name, `${t.n} rows ${t.hash}`]))
  }
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>) {
  return [...before.keys()].filter((name) => before.get(name) !== after.get(name))
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query)
  // PGlite answers { rows }, postgres-js the rows themselves.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}
