import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { rankMatches } from './search/ranking'
import type { SearchIndex } from './search/search-index'
import { visibleToShoppers } from './visibility'

// The shopper's search finds and ranks in memory (server/services/search/ranking.ts); the
// database then reads only the rows it shows, by id.

/** One array parameter, however many ids: a page sorted by price reads every match. */
export const instrumentIdIn = (ids: number[]): SQL =>
  sql`${instruments.id} = ANY(${`{${ids.join(',')}}`}::int[])`

/** `rows` in the order of `ids`; one hidden since the search read the catalogue is left out. */
export function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export const SUGGESTIONS = 6

/** The home search's best few, as the search box suggests them. */
export async function suggestInstruments(db: Database, search: SearchIndex, typed: string) {
  const best = rankMatches(await search.current(), typed)
    .slice(0, SUGGESTIONS)
    .map((match) => match.id)
  if (best.length === 0) return []
  const rows = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      brand: instruments.brand,
      price: instruments.price,
      img: instruments.img,
    })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(and(visibleToShoppers, instrumentIdIn(best)))
  return inOrderOf(best, rows)
}
