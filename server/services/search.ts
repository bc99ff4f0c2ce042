import { and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { categories, instrumentSearchText, instruments } from '../db/schema/catalog'
import { sharesNoTrigram } from './trigrams'
import { shownCategory, shownInstrument } from './visibility'

// The shopper's search (docs/decisions/2026-11-25-search.md): name, brand and category name,
// exact and prefix matches first, typos forgiven by pg_trgm's word similarity (`<%`, at its
// default threshold 0.6: `fendr` is 0.67 of `fender`). The same SQL runs on PGlite and PostgreSQL.

export interface ShopperSearch {
  /** Rows of `instruments` that match (no join needed, so the page count can use it). */
  matches: SQL
  /** A page of the matches under `where`, best first: see rankedMatches. */
  ranked: (where: SQL | undefined, page: { limit: number; offset: number }) => RankedPage
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
    /** pg_trgm's trigrams of the typed words, read when a category was named (shopperSearch). */
    typedTrigrams: [] as string[],
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

/**
 * `words <% text`, written as the index writes it (`text %> words`, the same test). pg_trgm's
 * operators are STABLE, so the planner cannot prove a condition it rewrote for the index is the
 * one written, and checks a match's score twice (the index's recheck, then the filter) unless
 * the two are written alike: each check is pg_trgm scoring the name (~7 µs in WebAssembly).
 */
const wordSimilar = (t: Terms) => sql`${t.haystack} %> ${t.words}`

// Under 3 letters only words that start with them match: `fe` finds Fender, not coffee. The
// index finds those by their first trigrams, and LIKE checks them without scoring each one
// (a 2-letter start matches thousands of names). The category's test first: it is the cheapest,
// and every instrument of a category named with a typo would otherwise be scored for nothing.
function matchesOf(t: Terms, categoryIds: number[]): SQL {
  const ofCategory = categoryIds.length > 0 ? inArray(t.from.categoryId, categoryIds) : undefined
  const named = t.short
    ? [sql`${t.haystack} LIKE ${t.atStart}`, sql`${t.haystack} LIKE ${t.atWordStart}`]
    : [sql`${t.haystack} LIKE ${t.anywhere}`, wordSimilar(t)]
  return or(ofCategory, ...named) as SQL
}

/** What the ranking reads of a match, lower case: expressions, or a subquery's columns. */
interface RankedText {
  name: SQLWrapper
  brand: SQLWrapper
  category: SQLWrapper
  haystack: SQLWrapper
  id: SQLWrapper
}

const textOf = (from: Source): RankedText => ({
  name: sql`lower(${from.name})`,
  brand: sql`lower(${from.brand})`,
  category: categoryName,
  haystack: instrumentSearchText(from),
  id: from.id,
})

function rankOf(t: Terms, k: RankedText) {
  const { words, atStart } = t
  const tier = sql`CASE
    WHEN ${k.name} = ${words} OR ${k.brand} = ${words} OR ${k.category} = ${words} THEN 0
    WHEN ${k.name} LIKE ${atStart} OR ${k.brand} LIKE ${atStart} OR ${k.category} LIKE ${atStart} THEN 1
    WHEN ${k.haystack} LIKE ${t.atWordStart} THEN 2
    WHEN ${k.haystack} LIKE ${t.anywhere} THEN 3
    ELSE 4 END`
  // Within a tier the closest first. Only the typos' tier needs pg_trgm's score: a name that
  // contains the words scores 1 where they are a whole word of it and a little less where they
  // start one, which the whole-word test tells apart without scoring every match (a common
  // word matches thousands of rows).
  // (A row outside the typos' tier contains the words or is of a category starting with them.)
  // A named category's instruments match whatever their names: most share no trigram with the
  // words, and score 0 without pg_trgm (server/services/trigrams.ts).
  const unlike = sharesNoTrigram(k.haystack, t.typedTrigrams)
  const closeness = sql`CASE
    WHEN ' ' || ${k.haystack} || ' ' LIKE ${t.wholeWord} THEN 1
    WHEN ${k.haystack} LIKE ${t.anywhere} OR ${k.category} LIKE ${atStart} THEN 0
    ${unlike ? sql`WHEN ${unlike} THEN 0` : sql``}
    ELSE word_similarity(${words}, ${k.haystack}) END`
  return { tier, closeness }
}

function relevanceOf(t: Terms): SQL[] {
  const k = textOf(t.from)
  const { tier, closeness } = rankOf(t, k)
  return [asc(tier), desc(closeness), asc(k.id)]
}

const outputColumn = (name: string) => sql`${sql.identifier(name)}`

type RankedPage = ReturnType<typeof rankedMatches>

/**
 * A page of matches ranked by a search's relevance, and their count: ids and order keys, for the
 * caller to join the page's few rows to (a sort the shopper chose costs no ranking). Each match's
 * lower-case texts are worked out once, in a subquery, and each rank once; written in place,
 * every CASE branch recomputed them: several `lower(name || ' ' || brand)` and LIKEs a match
 * (~1 µs each in WebAssembly), on every match of a common word. The count's window keeps that subquery whole: the planner does not
 * merge a subquery with a window function into the query around it.
 */
function rankedMatches(
  db: Database,
  t: Terms,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const keyed = db
    .select({
      id: instruments.id,
      name: sql<string>`lower(${instruments.name})`.as('search_name'),
      brand: sql<string>`lower(${instruments.brand})`.as('search_brand'),
      category: sql<string>`${categoryName}`.as('search_category'),
      haystack: sql<string>`${instrumentSearchText(instruments)}`.as('search_text'),
      matches: sql<number>`count(*) OVER ()`.as('matches'),
    })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(where)
    .as('keyed')
  const { tier, closeness } = rankOf(t, keyed)
  // Ordered by the output columns' names: the same expressions written again would carry
  // parameters of their own, and the planner would compute them a second time.
  const ranked = db
    .select({
      id: keyed.id,
      tier: tier.as('tier'),
      closeness: closeness.as('closeness'),
      matches: keyed.matches,
    })
    .from(keyed)
    .orderBy(asc(outputColumn('tier')), desc(outputColumn('closeness')), asc(outputColumn('id')))
    .limit(page.limit)
    .offset(page.offset)
    .as('ranked')
  return { ranked, order: [asc(ranked.tier), desc(ranked.closeness), asc(ranked.id)] }
}

/** The home search's page: every match, counted and ranked in the database. */
export async function shopperSearch(db: Database, typed: string): Promise<ShopperSearch> {
  const terms = termsOf(typed)
  // A handful of rows; their ids go into the instruments' condition as constants, so the planner
  // can OR the trigram index with the category index instead of reading every instrument.
  const named = await db
    .select({ id: categories.id, trigrams: sql<string[]>`show_trgm(lower(${typed}))` })
    .from(categories)
    .where(and(shownCategory, namesCategory(terms)))
  const t = { ...terms, typedTrigrams: named[0]?.trigrams ?? [] }
  return {
    matches: matchesOf(
      t,
      named.map((c) => c.id),
    ),
    ranked: (where, page) => rankedMatches(db, t, where, page),
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
  const similar = probe(wordSimilar(t))
  const more = [
    ...(t.short ? [] : [probe(sql`${t.haystack} LIKE ${t.anywhere}`)]),
    ...(named.length > 0 ? [probe(inArray(instruments.categoryId, named), SUGGESTIONS)] : []),
  ]
  const [second, ...rest] = more
  const candidates = (second ? union(similar, second, ...rest) : similar).as('candidates')
  const c = termsOf(typed, candidates)
  // Each probe reads rows by one of the matches' own tests, so a candidate is a match, unless
  // the words are under 3 letters: the similar names must then still have a word starting with
  // them. Testing again would score each typo's candidate a second time.
  const stillMatches = c.short ? matchesOf(c, named) : undefined
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
    .where(and(shownCategory, stillMatches))
    .orderBy(...relevanceOf(c))
    .limit(SUGGESTIONS)
}
