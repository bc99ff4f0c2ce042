import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { SortValue } from '../../contract/catalog'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { categoryNameIs, likeEscaped } from './names'
import { shownCategory, visibleToShoppers } from './visibility'

// The shoppers' search, in the database (docs/decisions/2026-11-29-search-in-the-database.md):
// every typed word must be word-similar to an instrument's name and brand, or to its category's
// name; exact and prefix matches rank first, then the closest. The same two statements on PGlite
// and PostgreSQL: the categories the words name, then the page.

/**
 * A search ranks at most this many matches, and its count stops there: a common word matches a
 * tenth of a large catalogue, and ranking is the dear part of a search: ranking them all would
 * cost every search what nobody pages through.
 */
export const MATCHES_RANKED = 200

export const SUGGESTIONS = 6

/** What the GIN index instruments_search_idx holds (server/db/schema/catalog.ts). */
export const searchedText = sql`lower(${instruments.name} || ' ' || ${instruments.brand})`

/** The words a shopper typed, one space apart: the form a search and its cache key read. */
export const typedWords = (typed: string) => typed.trim().split(/\s+/).filter(Boolean)

/**
 * A word close to the name and brand. A typo is forgiven in a word of letters; a number (a model,
 * a year) is matched as typed, and a word under 3 letters as the start of a word: pg_trgm's
 * similarity for those rests on trigrams like `  1` that half the catalogue holds, and each such
 * search read and scored most of the catalogue (`st 23` took seconds at 1,000,000).
 */
function wordInNames(word: string): SQL {
  const escaped = likeEscaped(word.toLowerCase())
  if (/\d/.test(word)) return sql`${searchedText} LIKE ${`%${escaped}%`}`
  if (word.length < 3) {
    return sql`(${searchedText} LIKE ${`${escaped}%`} OR ${searchedText} LIKE ${`% ${escaped}%`})`
  }
  return sql`lower(${word}) <% ${searchedText}`
}

/**
 * The shown categories some typed word names, each with the words that name it: a handful of
 * rows, read first so that each probe below is a plan an index answers.
 */
async function categoriesNamed(db: Database, words: string[]) {
  const namedBy = sql.join(
    words.map(
      (word) => sql`CASE WHEN lower(${word}) <% lower(${categories.name}) THEN '1' ELSE '0' END`,
    ),
    sql` || `,
  )
  return db
    .select({ id: categories.id, namedBy: sql<string>`${namedBy}` })
    .from(categories)
    .where(and(shownCategory, sql`${namedBy} LIKE '%1%'`))
}

/**
 * Every word close to the name and brand (the trigram index); and for each category a word
 * names, its instruments whose other words are close to the name and brand (its rows, then the
 * trigram index). One OR of the two made PostgreSQL read every instrument.
 */
async function probes(db: Database, words: string[]): Promise<SQL[]> {
  if (words.length === 0) return [sql`false`]
  const named = await categoriesNamed(db, words)
  return [
    and(...words.map(wordInNames)) as SQL,
    ...named.map(
      (category) =>
        and(
          eq(instruments.categoryId, category.id),
          ...words.filter((_, at) => category.namedBy[at] !== '1').map(wordInNames),
        ) as SQL,
    ),
  ]
}

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
export async function rankedMatches(db: Database, query: SearchQuery) {
  const words = typedWords(query.typed)
  const phrase = words.join(' ')
  const tier = tierOf(phrase)
  const matching = (probe: SQL) =>
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
        and(visibleToShoppers, probe, query.category ? categoryNameIs(query.category) : undefined),
      )
      .limit(MATCHES_RANKED)
  const [first, second, ...more] = (await probes(db, words)).map(matching)
  if (!first) throw new Error('a search has at least one probe')
  const matched = (second ? union(first, second, ...more).limit(MATCHES_RANKED) : first).as(
    'matched',
  )
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
  const ranked = await rankedMatches(db, { typed, sort: 'default', limit: SUGGESTIONS, offset: 0 })
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
