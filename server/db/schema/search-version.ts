import { sql } from 'drizzle-orm'
import { bigint, boolean, check, pgTable } from 'drizzle-orm/pg-core'

// Each process keeps the shoppers' search in memory (server/services/search/search-index.ts) and
// must know when what it read is out of date. A deferred trigger on `instruments` and
// `categories` (migration 0023) adds one here when a transaction that changed a name, a brand,
// a category or a ban commits, whichever code path made it: the row changes with the data, in the
// same snapshot. Taken at commit, its lock is never held while anything else is waited for.

/** One row: how many committed transactions changed what the search reads. */
export const searchVersion = pgTable(
  'search_version',
  {
    id: boolean('id').primaryKey().default(true),
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('search_version_one_row', sql`${t.id}`)],
)
