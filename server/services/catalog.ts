import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Instrument, InstrumentPageQuery, SortValue } from '../../contract/catalog'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { shelfCounts } from '../db/schema/shelf-counts'
import { type ShopperSearch, shopperSearch } from './search'
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

/** `%` and `_` typed by a shopper are letters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/** Case-insensitive name lookup, as the unique index on lower(name) compares. */
export function categoryNameIs(name: string): SQL {
  return sql`lower(${categories.name}) = lower(${name})`
}

export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined
  const code = e?.code ?? e?.cause?.code
  return typeof code === 'string' ? code : undefined
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
  // The home search forgives typos and ranks the closest first (server/services/search.ts); a
  // sort the shopper chose still wins over that ranking.
  const search = query.name ? await shopperSearch(db, query.name) : undefined
  const ofInstrument = and(shownInstrument, search?.matches)
  const ofCategory = and(
    shownCategory,
    query.category && query.category.toLowerCase() !== 'all'
      ? categoryNameIs(query.category)
      : undefined,
  )
  if (search) return searchPage(db, search, ofInstrument, ofCategory, query)
  const [rows, total] = await Promise.all([
    selectInstruments(db)
      .where(and(ofInstrument, ofCategory))
      .orderBy(...pageOrders[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    shownOnShelves(db, ofCategory),
  ])
  return { items: rows.map(toInstrument), total, ...pagesOf(total, query) }
}

// A search's matches are found once, for the page and its count together: finding them is most
// of a search's cost (the trigram index, then every match checked). A page past the last one
// has no row to carry the count, and counts apart.
async function searchPage(
  db: Database,
  search: ShopperSearch,
  ofInstrument: SQL | undefined,
  ofCategory: SQL | undefined,
  query: InstrumentPageQuery,
) {
  const where = and(ofInstrument, ofCategory)
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit }
  // Ranked by relevance: the page's ids and the count first, then only their rows in full.
  const ranking = query.sort === 'default' ? search.ranked(where, page) : undefined
  const rows = ranking
    ? await db
        .select({ ...instrumentColumns, matches: ranking.ranked.matches })
        .from(ranking.ranked)
        .innerJoin(instruments, eq(instruments.id, ranking.ranked.id))
        .innerJoin(categories, eq(categories.id, instruments.categoryId))
        .orderBy(...ranking.order)
    : await db
        .select({ ...instrumentColumns, matches: sql<number>`count(*) OVER ()` })
        .from(instruments)
        .innerJoin(categories, eq(categories.id, instruments.categoryId))
        .where(where)
        .orderBy(...pageOrders[query.sort])
        .limit(page.limit)
        .offset(page.offset)
  const first = rows[0]
  if (!first && query.page > 1) {
    return { items: [], ...(await countPages(db, ofInstrument, ofCategory, query)) }
  }
  const total = Number(first?.matches ?? 0)
  return {
    items: rows.map(({ matches: _, ...row }) => toInstrument(row)),
    total,
    ...pagesOf(total, query),
  }
}

// Counting per category first and joining the few category rows afterwards is about twice as
// fast at 100,000 rows as joining every instrument to its category (measured on PGlite).
async function countPages(
  db: Database,
  ofInstrument: SQL | undefined,
  ofCategory: SQL | undefined,
  query: InstrumentPageQuery,
) {
  const perCategory = db
    .select({ categoryId: instruments.categoryId, n: count().as('n') })
    .from(instruments)
    .where(ofInstrument)
    .groupBy(instruments.categoryId)
    .as('per_category')
  const [counted] = await db
    .select({ total: sql<number>`coalesce(sum(${perCategory.n}), 0)::int` })
    .from(perCategory)
    .innerJoin(categories, eq(categories.id, perCategory.categoryId))
    .where(ofCategory)
  const total = Number(counted?.total ?? 0)
  return { total, ...pagesOf(total, query) }
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
