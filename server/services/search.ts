import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { categories, instrumentSearchText, instruments } from '../db/schema/catalog'
import { shownCategory, shownInstrument, visibleToShoppers } from './visibility'

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

function termsOf(typed: string) {
  const text = escapeLike(typed)
  return {
    words: sql`lower(${typed})`,
    anywhere: sql`lower(${`%${text}%`})`,
    atStart: sql`lower(${`${text}%`})`,
    atWordStart: sql`lower(${`% ${text}%`})`,
    haystack: instrumentSearchText(instruments),
  }
}
type Terms = ReturnType<typeof termsOf>

const categoryName = sql`lower(${categories.name})`
const namesCategory = (t: Terms) =>
  or(sql`${categoryName} LIKE ${t.anywhere}`, sql`${t.words} <% ${categoryName}`)

function matchesOf(t: Terms, categoryIds: number[] | SQL): SQL {
  const ofCategory = Array.isArray(categoryIds)
    ? categoryIds.length > 0
      ? inArray(instruments.categoryId, categoryIds)
      : undefined
    : sql`${instruments.categoryId} IN ${categoryIds}`
  return or(
    sql`${t.haystack} LIKE ${t.anywhere}`,
    sql`${t.words} <% ${t.haystack}`,
    ofCategory,
  ) as SQL
}

function relevanceOf(t: Terms): SQL[] {
  const name = sql`lower(${instruments.name})`
  const brand = sql`lower(${instruments.brand})`
  const { words, atStart } = t
  const tier = sql`CASE
    WHEN ${name} = ${words} OR ${brand} = ${words} OR ${categoryName} = ${words} THEN 0
    WHEN ${name} LIKE ${atStart} OR ${brand} LIKE ${atStart} OR ${categoryName} LIKE ${atStart} THEN 1
    WHEN ${t.haystack} LIKE ${t.atWordStart} THEN 2
    WHEN ${t.haystack} LIKE ${t.anywhere} THEN 3
    ELSE 4 END`
  return [asc(tier), desc(sql`word_similarity(${words}, ${t.haystack})`), asc(instruments.id)]
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
/** Nearest names read from the index before ranking: enough for 6 after the tiers reorder them. */
const NEAREST = 24

// One statement and a bounded read whatever the catalogue's size: the 24 nearest names (the
// GiST index hands them out in order) and 6 of a category the words name, then ranked as the
// home search ranks, keeping only real matches.
export function suggestInstruments(db: Database, typed: string) {
  const t = termsOf(typed)
  const named = sql`(SELECT ${categories.id} FROM ${categories} WHERE ${and(shownCategory, namesCategory(t))})`
  // Visibility of the category is checked on the few rows found, so this part is one index scan.
  const nearest = sql`(SELECT ${instruments.id} FROM ${instruments} WHERE ${shownInstrument}
    ORDER BY ${t.words} <<-> ${t.haystack} LIMIT ${NEAREST})`
  const ofNamedCategory = sql`(SELECT ${instruments.id} FROM ${instruments}
    WHERE ${shownInstrument} AND ${instruments.categoryId} IN ${named}
    ORDER BY ${instruments.categoryId}, ${instruments.id} LIMIT ${SUGGESTIONS})`
  return db
    .select({
      id: instruments.id,
      name: instruments.name,
      brand: instruments.brand,
      price: instruments.price,
      img: instruments.img,
    })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(
      and(
        visibleToShoppers,
        sql`${instruments.id} IN (${nearest} UNION ${ofNamedCategory})`,
        matchesOf(t, named),
      ),
    )
    .orderBy(...relevanceOf(t))
    .limit(SUGGESTIONS)
}
