import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { timedPglite, timedPostgres } from '../observability/database'
import { asPglite, openPgliteThread, type SnapshotFolders } from './pglite-thread'
import * as schema from './schema/index'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
// What a write that must land with others receives: the callback's argument of db.transaction().
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The shoppers' search (catalogue/search.ts): pg_trgm's `<%` answers true from this word similarity on (set on every connection
 * below). A letter dropped near the start of a six-letter word (`fnder`, `cstom`,
 * `gutars`) scores 0.5 and is found; a word that only shares its ending (`vntage` in `stage`,
 * 0.43) is not. pg_trgm's default, 0.6, missed the first kind.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5

export interface Broadcast {
  publish(channel: string, message: string): Promise<void>
  /** `onListening` runs each time listening (re)starts: messages sent while it was down are lost. */
  subscribe(
    channel: string,
    onMessage: (message: string) => void,
    onListening?: () => void,
  ): Promise<void>
}

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  broadcast: Broadcast
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** An embedded database kept in a folder: a consistent copy of it for a backup (server/backup/). */
  snapshot?: (into: SnapshotFolders) => Promise<void>
  close: () => Promise<void>
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

export async function openDatabase(opts: {
  databaseUrl?: string | undefined
  dataDir: string
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl)
  const inMemory = opts.dataDir.startsWith('memory://')
  const folder = inMemory ? opts.dataDir : join(opts.dataDir, 'pglite')
  const created = !inMemory && !existsSync(join(folder, 'PG_VERSION'))
  if (!inMemory) mkdirSync(folder, { recursive: true })
  // In a thread of its own: its queries no longer hold up HTTP and renders (pglite-thread.ts).
  let client = timedPglite(await openPgliteThread(folder))
  await migratePglite(drizzlePglite(asPglite(client)), { migrationsFolder })
  // Making a database folder (initdb, then every migration) grows the thread's WebAssembly heap,
  // which never gives memory back: a new thread on the folder just made starts as small as any
  // restart does (docs/decisions/2026-11-29-search-in-the-database.md).
  if (created) {
    await client.close()
    client = timedPglite(await openPgliteThread(folder))
  }
  const db = drizzlePglite(asPglite(client), { schema })
  // One session for the process: set once, as each PostgreSQL connection sets it on opening.
  await client.query(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`)
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    broadcast: {
      publish: async (channel, message) => {
        await client.query('SELECT pg_notify($1, $2)', [channel, message])
      },
      subscribe: async (channel, onMessage, onListening) => {
        await client.listen(channel, onMessage)
        onListening?.()
      },
    },
    // One PGlite directory belongs to one process: there is nobody to wait for.
    exclusive: (work) => work(),
    ...(!inMemory && { snapshot: (into: SnapshotFolders) => client.snapshot(into) }),
    close: () => client.close(),
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // A stuck query or a lock held by a stuck transaction fails in seconds instead of holding a
  // connection (and the request waiting on it) for ever.
  const client = timedPostgres(
    postgres(url, {
      max: 10,
      onnotice: () => {},
      connection: {
        statement_timeout: 15_000,
        lock_timeout: 5_000,
        idle_in_transaction_session_timeout: 30_000,
        'pg_trgm.word_similarity_threshold': WORD_SIMILARITY_THRESHOLD,
      },
    }),
  )
  const db = drizzlePostgres(client, { schema })
  const exclusive = <T>(work: () => Promise<T>) => underStartupLock(client, work)
  // Processes started together on an empty database would otherwise all create the same tables.
  await exclusive(() => migratePostgres(db, { migrationsFolder }))
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    broadcast: {
      publish: async (channel, message) => {
        await client.notify(channel, message)
      },
      subscribe: async (channel, onMessage, onListening) => {
        await client.listen(channel, onMessage, onListening)
      },
    },
    exclusive,
    close: () => client.end({ timeout: 5 }),
  }
}

// A session-level advisory lock on a connection of its own: the work itself may use any pooled
// connection while the other processes wait at this lock.
async function underStartupLock<T>(client: postgres.Sql, work: () => Promise<T>): Promise<T> {
  const connection = await client.reserve()
  try {
    // Waiting while another process migrates and seeds may take longer than any query should.
    await connection`SET lock_timeout = 0`
    await connection`SET statement_timeout = 0`
    await connection`SELECT pg_advisory_lock(hashtext('instrument-shop startup'))`
    try {
      return await work()
    } finally {
      await connection`SELECT pg_advisory_unlock(hashtext('instrument-shop startup'))`
      await connection`RESET ALL`
    }
  } finally {
    connection.release()
  }
}
