import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Instrument, InstrumentPageQuery, SortValue } from '../../contract/catalog'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { shelfCounts } from '../db/schema/shelf-counts'
import { categoryNameIs } from './names'
import { rankedMatches, type SearchQuery } from './search'
import { shownCategory, shownInstrument } from './visibility'

const instrumentColumns = {
  id: instruments.id,
  name: instruments.name,
  brand: instruments.brand,
  price: instruments.price,
  img: instruments.img,
  description: instruments.description,
  stock: instruments.stock,
  status: instruments.status,
  categoryId: instruments.categoryId,
  isBanned: instruments.isBanned,
  raiting: instruments.raiting,
  raitingCount: instruments.raitingCount,
  adminId: instruments.adminId,
  category: { id: categories.id, name: categories.name, isBanned: categories.isBanned },
}

export function selectInstruments(db: Database) {
  return db
    .select(instrumentColumns)
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
}

type InstrumentRow = Awaited<ReturnType<ReturnType<typeof selectInstruments>['execute']>>[number]

export function toInstrument(row: InstrumentRow): Instrument {
  return { ...row, categoryName: row.category.name }
}

export async function findInstrument(
  db: Database,
  id: number,
  only?: SQL,
): Promise<Instrument | undefined> {
  const [row] = await selectInstruments(db).where(and(eq(instruments.id, id), only))
  return row && toInstrument(row)
}

/** Each storefront order ends on id so pages never overlap; each matches a partial index. */
const pageOrders: Record<SortValue, SQL[]> = {
  default: [asc(instruments.id)],
  asce: [asc(sql`lower(${instruments.name})`), asc(instruments.id)],
  desce: [desc(sql`lower(${instruments.name})`), desc(instruments.id)],
  'low-price': [asc(instruments.price), asc(instruments.id)],
  'high-price': [desc(instruments.price), desc(instruments.id)],
}

// One storefront page (docs/architecture.md): visible instruments only, filtered, sorted, limited and
// counted in the database, so the first page costs the same with 40 or 100,000 rows.
export async function instrumentPage(db: Database, query: InstrumentPageQuery) {
  const named =
    query.category && query.category.toLowerCase() !== 'all' ? query.category : undefined
  if (query.name) return searchPage(db, query.name, named, query)
  const ofCategory = and(shownCategory, named ? categoryNameIs(named) : undefined)
  const [rows, total] = await Promise.all([
    selectInstruments(db)
      .where(and(shownInstrument, ofCategory))
      .orderBy(...pageOrders[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    shownOnShelves(db, ofCategory),
  ])
  return { items: rows.map(toInstrument), total, ...pagesOf(total, query) }
}

// The home search forgives typos and ranks the closest first (server/catalogue/search.ts); a
// sort the shopper chose still wins over that ranking.
async function searchPage(
  db: Database,
  typed: string,
  category: string | undefined,
  query: InstrumentPageQuery,
) {
  const offset = (query.page - 1) * query.limit
  const search = { typed, category, sort: query.sort }
  const ranked = await rankedMatches(db, { ...search, limit: query.limit, offset })
  const rows = await db
    .select({ ...instrumentColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(instruments, eq(instruments.id, ranked.id))
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .orderBy(ranked.at)
  const total = rows[0]?.total ?? (offset > 0 ? await countPastTheEnd(db, search) : 0)
  return {
    items: rows.map(({ total: _, ...row }) => toInstrument(row)),
    total,
    ...pagesOf(total, query),
  }
}

/** A page past the last has no row to carry the count. */
async function countPastTheEnd(db: Database, search: Omit<SearchQuery, 'limit' | 'offset'>) {
  const ranked = await rankedMatches(db, { ...search, limit: 1, offset: 0 })
  const [first] = await db.select({ total: ranked.total }).from(ranked)
  return first?.total ?? 0
}

// Without a search, the page's count is the trigger-kept count of each shown category's
// instruments (server/db/schema/shelf-counts.ts): a few rows, not every visible instrument.
async function shownOnShelves(db: Database, ofCategory: SQL | undefined) {
  const [counted] = await db
    .select({ total: sql<number>`coalesce(sum(${shelfCounts.shown}), 0)::int` })
    .from(shelfCounts)
    .innerJoin(categories, eq(categories.id, shelfCounts.categoryId))
    .where(ofCategory)
  return Number(counted?.total ?? 0)
}

function pagesOf(total: number, query: InstrumentPageQuery) {
  return { page: query.page, pages: Math.ceil(total / query.limit) }
}
