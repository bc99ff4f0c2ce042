import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema/index'

export type Schema = typeof schema
/** Both drivers give the same query builder; handlers only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory). The same migrations run on both.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined
  dataDir: string
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} })
    const db = drizzlePostgres(client, { schema })
    await migratePostgres(db, { migrationsFolder })
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
    }
  }
  const inMemory = opts.dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(join(opts.dataDir, 'pglite'), { recursive: true })
  const client = new PGlite(inMemory ? opts.dataDir : join(opts.dataDir, 'pglite'))
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() }
}
