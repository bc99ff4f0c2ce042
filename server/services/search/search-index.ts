import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { categories, instruments } from '../../db/schema/catalog'
import { searchVersion } from '../../db/schema/search-version'
import { shownCategory, visibleToShoppers } from '../visibility'
import { type SearchCatalogue, searchCatalogue } from './ranking'

// What shoppers may see, held in memory to search: pg_trgm scored each typo's candidates twice
// in one thread of PGlite, where queued searches waited behind each other
// (docs/decisions/2026-11-27-search-in-memory.md). Every search first reads the version row a
// commit trigger keeps (server/db/schema/search-version.ts); a change made by any process or
// code path is seen by the next search, which reads the catalogue again.

export interface SearchIndex {
  /** The catalogue as of now: read again when a commit changed what the search reads. */
  current(): Promise<SearchCatalogue>
}

const versionNow = (db: Database) =>
  db.select({ changes: searchVersion.changes }).from(searchVersion)

async function readCatalogue(db: Database) {
  // Each statement carries the version it saw: both must have seen the same one.
  const version = sql<number>`(SELECT ${searchVersion.changes} FROM ${searchVersion})`
  const [shown, named] = await Promise.all([
    db
      .select({
        id: instruments.id,
        name: instruments.name,
        brand: instruments.brand,
        categoryId: instruments.categoryId,
        version,
      })
      .from(instruments)
      .innerJoin(categories, eq(categories.id, instruments.categoryId))
      .where(visibleToShoppers),
    db
      .select({ id: categories.id, name: categories.name, version })
      .from(categories)
      .where(shownCategory),
  ])
  return { shown, named }
}

export function createSearchIndex(db: Database): SearchIndex {
  let held: { changes: number; catalogue: Promise<SearchCatalogue> } | undefined

  /** The catalogue, and the version both its statements saw (or `before`, if it is empty). */
  async function load(before: number) {
    for (;;) {
      const { shown, named } = await readCatalogue(db)
      const seen = new Set([...shown, ...named].map((row) => Number(row.version)))
      if (seen.size <= 1) {
        return {
          changes: [...seen][0] ?? before,
          catalogue: searchCatalogue(shown, named),
        }
      }
    }
  }

  return {
    async current() {
      const [now] = await versionNow(db)
      const changes = Number(now?.changes ?? 0)
      if (held?.changes === changes) return held.catalogue
      const loading = load(changes)
      const entry = { changes, catalogue: loading.then((loaded) => loaded.catalogue) }
      held = entry
      loading.then(
        (loaded) => {
          entry.changes = loaded.changes
        },
        () => {
          if (held === entry) held = undefined
        },
      )
      return entry.catalogue
    },
  }
}
