import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { SortValue } from '../../contract/catalog'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { categoryNameIs } from './catalog'
import { visibleToShoppers } from './visibility'

// The shoppers' search, in the database (docs/decisions/2026-11-29-search-in-the-database.md):
// every typed word must be word-similar to an instrument's name and brand, or to its category's
// name; exact and prefix matches rank first, then the closest. One statement on PGlite and
// PostgreSQL alike.

/**
 * pg_trgm's `<%` answers true from this word similarity on (set on every connection,
 * server/db/client.ts). A letter dropped near the start of a six-letter word (`fnder`, `cstom`,
 * `gutars`) scores 0.5 and is found; a word that only shares its ending (`vntage` in `stage`,
 * 0.43) is not. pg_trgm's default, 0.6, missed the first kind.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5

/**
 * A search ranks at most this many matches, and its count stops there: a common word matches a
 * tenth of a million-instrument catalogue, and ranking all of it would cost every search what
 * nobody pages through.
 */
export const MATCHES_RANKED = 1_000

export const SUGGESTIONS = 6

/** What the GIN index instruments_search_idx holds (server/db/schema/catalog.ts). */
export const searchedText = sql`lower(${instruments.name} || ' ' || ${instruments.brand})`

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** The words a shopper typed, one space apart: the form a search and its cache key read. */
export const typedWords = (typed: string) => typed.trim().split(/\s+/).filter(Boolean)

const wordInNames = (word: string): SQL => sql`lower(${word}) <% ${searchedText}`
const wordInCategory = (word: string): SQL => sql`lower(${word}) <% lower(${categories.name})`

/**
 * Every word close to the name and brand; or, for the instruments of a category a word names,
 * each word close to the name and brand or to the category. Two probes, so each keeps a plan its
 * index answers: the trigram index for the first, the handful of categories for the second.
 */
const probes = (words: string[]): [SQL | undefined, SQL | undefined] => [
  and(...words.map(wordInNames)),
  and(
    or(...words.map(wordInCategory)),
    ...words.map((word) => or(wordInNames(word), wordInCategory(word))),
  ),
]

/** Exact name, brand or category first; then one that starts with the words; then a word that
 * does; then the words anywhere; then the rest. */
function tierOf(phrase: string): SQL {
  const name = sql`lower(${instruments.name})`
  const brand = sql`lower(${instruments.brand})`
  const category = sql`lower(${categories.name})`
  const exact = sql`lower(${phrase})`
  const starts = `${likeEscaped(phrase.toLowerCase())}%`
  return sql`CASE
    WHEN ${name} = ${exact} OR ${brand} = ${exact} OR ${category} = ${exact} THEN 0
    WHEN ${name} LIKE ${starts} OR ${brand} LIKE ${starts} OR ${category} LIKE ${starts} THEN 1
    WHEN ' ' || ${searchedText} LIKE ${`% ${starts}`} THEN 2
    WHEN ${searchedText} LIKE ${`%${starts}`} THEN 3
    ELSE 4 END`
}

/** Within a tier: the words as a whole word first; pg_trgm's score only for the close ones. */
function closenessOf(phrase: string, tier: SQL): SQL {
  const wholeWord = `% ${likeEscaped(phrase.toLowerCase())} %`
  return sql`CASE
    WHEN ' ' || ${searchedText} || ' ' LIKE ${wholeWord} THEN 1
    WHEN ${tier} < 4 THEN 0
    ELSE word_similarity(lower(${phrase}), ${searchedText} || ' ' || lower(${categories.name})) END`
}

export interface SearchQuery {
  typed: string
  /** A category's name, any case: only its instruments. */
  category?: string | undefined
  sort: SortValue
  limit: number
  offset: number
}

/**
 * The ids of one page of what `typed` finds among what shoppers may see, best first (or in the
 * shopper's sort), each with the page's place `at` and the count of matches `total` (at most
 * MATCHES_RANKED).
 */
export function rankedMatches(db: Database, query: SearchQuery) {
  const words = typedWords(query.typed)
  const phrase = words.join(' ')
  const tier = tierOf(phrase)
  const matching = (probe: SQL | undefined) =>
    db
      .select({
        id: instruments.id,
        tier: sql<number>`${tier}`.as('tier'),
        closeness: sql<number>`${closenessOf(phrase, tier)}`.as('closeness'),
        price: instruments.price,
        nameKey: sql<string>`lower(${instruments.name})`.as('name_key'),
      })
      .from(instruments)
      .innerJoin(categories, eq(categories.id, instruments.categoryId))
      .where(
        and(
          visibleToShoppers,
          words.length > 0 ? probe : sql`false`,
          query.category ? categoryNameIs(query.category) : undefined,
        ),
      )
      .limit(MATCHES_RANKED)
  const [byNames, byCategory] = probes(words)
  const matched = union(matching(byNames), matching(byCategory)).limit(MATCHES_RANKED).as('matched')
  const orders: Record<SortValue, SQL[]> = {
    default: [asc(matched.tier), desc(matched.closeness), asc(matched.id)],
    asce: [asc(matched.nameKey), asc(matched.id)],
    desce: [desc(matched.nameKey), desc(matched.id)],
    'low-price': [asc(matched.price), asc(matched.id)],
    'high-price': [desc(matched.price), desc(matched.id)],
  }
  const order = sql.join(orders[query.sort], sql`, `)
  return db
    .select({
      id: matched.id,
      at: sql<number>`row_number() OVER (ORDER BY ${order})`.as('at'),
      total: sql<number>`(count(*) OVER ())::int`.as('total'),
    })
    .from(matched)
    .orderBy(...orders[query.sort])
    .limit(query.limit)
    .offset(query.offset)
    .as('ranked')
}

/** The search box's suggestions: the search page's first few. */
export async function suggestInstruments(db: Database, typed: string) {
  const ranked = rankedMatches(db, { typed, sort: 'default', limit: SUGGESTIONS, offset: 0 })
  return db
    .select({
      id: instruments.id,
      name: instruments.name,
      brand: instruments.brand,
      price: instruments.price,
      img: instruments.img,
    })
    .from(ranked)
    .innerJoin(instruments, eq(instruments.id, ranked.id))
    .orderBy(ranked.at)
}
