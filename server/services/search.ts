import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { categories, instrumentSearchText, instruments } from '../db/schema/catalog'
import { shownCategory, shownInstrument } from './visibility'

// The shopper's search (docs/decisions/2026-11-25-search.md): name, brand and category name,
// exact and prefix matches first, typos forgiven by pg_trgm's word similarity (`<%`, at its
// default threshold 0.6: `fendr` is 0.67 of `fender`). The same SQL runs on PGlite and PostgreSQL.

export interface ShopperSearch {
  /** Rows of `instruments` that match (no join needed, so the page count can use it). */
  matches: SQL
  /** Best first; needs `categories` joined. Ends on id so pages never overlap. */
  relevance: SQL[]
}

/** `%`, `_` and `\` typed by a shopper are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** The instruments' columns a search reads: the table's, or those of a subquery of it. */
interface Source {
  id: AnyPgColumn
  name: AnyPgColumn
  brand: AnyPgColumn
  categoryId: AnyPgColumn
}

/** Below 3 letters a substring has no trigram for the index to find it by. */
const SHORTEST_SUBSTRING = 3

function termsOf(typed: string, from: Source = instruments) {
  const text = escapeLike(typed)
  return {
    from,
    words: sql`lower(${typed})`,
    anywhere: sql`lower(${`%${text}%`})`,
    atStart: sql`lower(${`${text}%`})`,
    atWordStart: sql`lower(${`% ${text}%`})`,
    wholeWord: sql`lower(${`% ${text} %`})`,
    haystack: instrumentSearchText(from),
    short: typed.length < SHORTEST_SUBSTRING,
  }
}
type Terms = ReturnType<typeof termsOf>

const categoryName = sql`lower(${categories.name})`
const namesCategory = (t: Terms) =>
  or(sql`${categoryName} LIKE ${t.anywhere}`, sql`${t.words} <% ${categoryName}`)

// Under 3 letters only words that start with them match: `fe` finds Fender, not coffee. The
// index finds those by their first trigrams, and LIKE checks them without scoring each one
// (a 2-letter start matches thousands of names).
function matchesOf(t: Terms, categoryIds: number[]): SQL {
  const ofCategory = categoryIds.length > 0 ? inArray(t.from.categoryId, categoryIds) : undefined
  const named = t.short
    ? [sql`${t.haystack} LIKE ${t.atStart}`, sql`${t.haystack} LIKE ${t.atWordStart}`]
    : [sql`${t.haystack} LIKE ${t.anywhere}`, sql`${t.words} <% ${t.haystack}`]
  return or(...named, ofCategory) as SQL
}

function relevanceOf(t: Terms): SQL[] {
  const name = sql`lower(${t.from.name})`
  const brand = sql`lower(${t.from.brand})`
  const { words, atStart } = t
  const tier = sql`CASE
    WHEN ${name} = ${words} OR ${brand} = ${words} OR ${categoryName} = ${words} THEN 0
    WHEN ${name} LIKE ${atStart} OR ${brand} LIKE ${atStart} OR ${categoryName} LIKE ${atStart} THEN 1
    WHEN ${t.haystack} LIKE ${t.atWordStart} THEN 2
    WHEN ${t.haystack} LIKE ${t.anywhere} THEN 3
    ELSE 4 END`
  // Within a tier the closest first. Only the typos' tier needs pg_trgm's score: a name that
  // contains the words scores 1 where they are a whole word of it and a little less where they
  // start one, which the whole-word test tells apart without scoring every match (a common
  // word matches thousands of rows).
  // (A row outside the typos' tier contains the words or is of a category starting with them.)
  const closeness = sql`CASE
    WHEN ' ' || ${t.haystack} || ' ' LIKE ${t.wholeWord} THEN 1
    WHEN ${t.haystack} LIKE ${t.anywhere} OR ${categoryName} LIKE ${atStart} THEN 0
    ELSE word_similarity(${words}, ${t.haystack}) END`
  return [asc(tier), desc(closeness), asc(t.from.id)]
}

/** The home search's page: every match, counted and ranked in the database. */
export async function shopperSearch(db: Database, typed: string): Promise<ShopperSearch> {
  const t = termsOf(typed)
  // A handful of rows; their ids go into the instruments' condition as constants, so the planner
  // can OR the trigram index with the category index instead of reading every instrument.
  const named = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(shownCategory, namesCategory(t)))
  return {
    matches: matchesOf(
      t,
      named.map((c) => c.id),
    ),
    relevance: relevanceOf(t),
  }
}

export const SUGGESTIONS = 6
/** Rows each probe reads before ranking: enough for 6 after the tiers reorder them. */
const PROBE = 24
// A bounded read whatever the catalogue's size: up to 24 names that contain the words (from 3
// letters; shorter words find the names with a word starting with them by similarity), 24 names
// word-similar to them and 6 of a category the words name, each probe a LIMITed read of the GIN
// index that stops after its rows; then ranked as the home search ranks, keeping only real
// matches. Two statements: the categories named, then the rest, whose probes are subqueries
// with a LIMIT so the planner cannot turn them into a read of every row
// (docs/decisions/2026-11-25-cheap-misses.md).
export async function suggestInstruments(db: Database, typed: string) {
  const t = termsOf(typed)
  const named = (
    await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(shownCategory, namesCategory(t)))
  ).map((c) => c.id)
  const columns = {
    id: instruments.id,
    name: instruments.name,
    brand: instruments.brand,
    price: instruments.price,
    img: instruments.img,
    categoryId: instruments.categoryId,
  }
  const probe = (where: SQL | undefined, limit = PROBE) =>
    db.select(columns).from(instruments).where(and(shownInstrument, where)).limit(limit)
  const similar = probe(sql`${t.words} <% ${t.haystack}`)
  const more = [
    ...(t.short ? [] : [probe(sql`${t.haystack} LIKE ${t.anywhere}`)]),
    ...(named.length > 0 ? [probe(inArray(instruments.categoryId, named), SUGGESTIONS)] : []),
  ]
  const [second, ...rest] = more
  const candidates = (second ? union(similar, second, ...rest) : similar).as('candidates')
  const c = termsOf(typed, candidates)
  return db
    .select({
      id: candidates.id,
      name: candidates.name,
      brand: candidates.brand,
      price: candidates.price,
      img: candidates.img,
    })
    .from(candidates)
    .innerJoin(categories, eq(categories.id, candidates.categoryId))
    .where(and(shownCategory, matchesOf(c, named)))
    .orderBy(...relevanceOf(c))
    .limit(SUGGESTIONS)
}
