import { and, asc, desc, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { SortValue } from '../../contract/catalog'
import type { Database } from '../db/client'
import { idArray } from '../db/id-array'
import { resultRows } from '../db/result-rows'
import { categories, instruments } from '../db/schema/catalog'
import { searchWords } from '../db/schema/search-words'
import { categoryNameIs, likeEscaped } from './names'
import { shownCategory, shownInstrument } from './visibility'

// The shoppers' search, in the database (docs/decisions/2026-11-29-search-in-the-database.md).
// Each typed word is corrected against the catalogue's distinct words (`search_words`, a few
// thousand rows at a million instruments, pg_trgm's `<%`), then the instruments holding those
// words are found by full-text search (the GIN index instruments_words_idx): a lexeme's list is
// exact, where a common word's trigrams made every row sharing them a candidate to score. A
// typed word also matches the instruments of a category it names. Matches rank by how each word
// matched (tiers below), then id: no match is scored, and each tier is one probe, in id order,
// that stops at MATCHES_RANKED rows. The same statements on PGlite and PostgreSQL.

/**
 * A search ranks at most this many matches, and its count stops there: a common word matches a
 * tenth of a large catalogue, and nobody pages through that.
 */
export const MATCHES_RANKED = 200

export const SUGGESTIONS = 6

/** The lexemes of name and brand, generated and indexed by the database (migration 0029). */
const wordsOfInstrument = sql.raw('"instruments"."search_vector"')

/** The words a shopper typed, one space apart: the form the whole list's cache key reads. */
export const typedWords = (typed: string) => typed.trim().split(/\s+/).filter(Boolean)

/**
 * What the shopper typed, cut into words by the same parser that made the catalogue's: `P-125`
 * is `p` and `-125` there, and `7e32c9` a number `7e32` and a word `c9`, so a word cut any other
 * way would match nothing. Each word once, in no particular order: every one must match.
 */
async function searchedWords(db: Database, typed: string): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT tsvector_to_array(to_tsvector('simple'::regconfig, ${typed})) AS words`,
  )
  return resultRows<{ words: string[] }>(result)[0]?.words ?? []
}

/**
 * How well one typed word matches, best first: it names the instrument's category (or starts a
 * word of it: `bass`, Basses); it is a word of the name or brand; it starts one; it is close to
 * one (a typo), or to a word of the category's name. An instrument's tier is its worst word's.
 */
const TIERS = [0, 1, 2, 3] as const
type Tier = (typeof TIERS)[number]

/** A lexeme in tsquery's syntax: quoted, its quotes and backslashes doubled. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

interface Category {
  id: number
  /** Its name's lexemes. */
  words: string[]
  /** Within the category the shopper chose, if any. */
  chosen: boolean
}

/** What one typed word matches at a tier: these terms of a name or brand, these categories. */
interface WordMatch {
  /** tsquery terms: catalogue words, or a prefix (`'fe':*`). */
  terms: string[]
  categories: number[]
}

/**
 * A typo is forgiven in a word of 3 letters or more; a number (a model, a year) or a shorter word
 * matches as typed or as the start of a word: pg_trgm's similarity for those rests on trigrams
 * like `  1` that most words share.
 */
const forgivesTypos = (word: string) => word.length >= 3 && !/\d/.test(word)

/**
 * At most this many catalogue words stand for one typed word: the closest typos, and the words it
 * starts unless more do (`1` in a catalogue of model numbers), when the prefix goes as `1:*`.
 */
const ALTERNATIVES = 50

/**
 * The catalogue's words each typed word starts (in order, so the word itself comes first), and
 * the closest others (the trigram index). The words a prefix stands for go to the instruments'
 * index one by one: a probe of `fend:*` reads the whole list of every word it names, where exact
 * words let an `&` skip through them.
 */
async function catalogueWords(db: Database, words: string[]) {
  const found = words.map(() => ({ starting: [] as string[], close: [] as string[] }))
  const [first, second, ...more] = words.flatMap((word, at) => {
    const starts = sql`${searchWords.word} LIKE ${`${likeEscaped(word)}%`}`
    const kind = (starting: boolean) => ({
      at: sql<number>`${at}::int`.as('at'),
      word: searchWords.word,
      starts: sql<boolean>`${starting}::boolean`.as('starts'),
    })
    const starting = db
      .select(kind(true))
      .from(searchWords)
      .where(starts)
      .orderBy(searchWords.word)
      .limit(ALTERNATIVES + 1)
    if (!forgivesTypos(word)) return [starting]
    const close = db
      .select(kind(false))
      .from(searchWords)
      .where(and(sql`${word} <% ${searchWords.word}`, not(starts)))
      .orderBy(desc(sql`word_similarity(${word}, ${searchWords.word})`), searchWords.word)
      .limit(ALTERNATIVES)
    return [starting, close]
  })
  if (!first) return found
  for (const row of await (second ? unionAll(first, second, ...more) : first)) {
    found[row.at]?.[row.starts ? 'starting' : 'close'].push(row.word)
  }
  return found
}

/** The shown categories, each with its name's words: a handful of rows. */
function shownCategories(db: Database, chosen: string | undefined): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      words: sql<string[]>`tsvector_to_array(to_tsvector('simple'::regconfig, ${categories.name}))`,
      chosen: chosen ? sql<boolean>`${categoryNameIs(chosen)}` : sql<boolean>`true`,
    })
    .from(categories)
    .where(shownCategory)
}

/** One typed word's matches at each tier, from the catalogue's words it starts or is close to. */
function wordMatches(
  word: string,
  found: { starting: string[]; close: string[] },
  shown: Category[],
): Record<Tier, WordMatch> {
  const named = (test: (w: string) => boolean) =>
    shown.filter((c) => c.words.some(test)).map((c) => c.id)
  const byName = named((w) => w.startsWith(word))
  const starting =
    found.starting.length > ALTERNATIVES
      ? [`${lexeme(word)}:*`]
      : found.starting.map((w) => lexeme(w))
  return {
    0: { terms: [], categories: byName },
    1: { terms: found.starting[0] === word ? [lexeme(word)] : [], categories: byName },
    2: { terms: starting, categories: byName },
    3: {
      terms: [...starting, ...found.close.map((w) => lexeme(w))],
      categories: named((w) => w.startsWith(word) || found.close.includes(w)),
    },
  }
}

/** A word's alternatives as a tsquery: `('fender' | 'fenders')`. */
const anyOf = (m: WordMatch) => `(${m.terms.join(' | ')})`
const holds = (query: string) => sql`${wordsOfInstrument} @@ ${query}::tsquery`

/** What an instrument must match to be of a tier or better; undefined when nothing can. */
function atTier(matches: WordMatch[]): SQL | undefined {
  if (matches.some((m) => m.terms.length === 0 && m.categories.length === 0)) return undefined
  // The words that name no category go to the index as one query.
  const plain = matches.filter((m) => m.categories.length === 0)
  const named = matches.filter((m) => m.categories.length > 0)
  return and(
    plain.length > 0 ? holds(plain.map(anyOf).join(' & ')) : undefined,
    ...named.map((m) =>
      or(
        inArray(instruments.categoryId, m.categories),
        m.terms.length > 0 ? holds(anyOf(m)) : undefined,
      ),
    ),
  )
}

/**
 * Up to MATCHES_RANKED ids in rank order: each tier's probe, best first, until enough. A tier's
 * probe holds the better tiers' matches too, so its first MATCHES_RANKED by id add at least what
 * the ranking still lacks. In id order, the planner reads a common word's rows along the primary
 * key and stops after its page; a rarer one's from the words' index, sorting only its matches.
 */
async function matchedIds(db: Database, typed: string, chosen: string | undefined) {
  const [words, shown] = await Promise.all([searchedWords(db, typed), shownCategories(db, chosen)])
  const found = await catalogueWords(db, words)
  const allowed = shown.filter((c) => c.chosen).map((c) => c.id)
  if (words.length === 0 || allowed.length === 0) return []
  const matches = words.map((word, at) =>
    wordMatches(word, found[at] ?? { starting: [], close: [] }, shown),
  )
  const ranked: number[] = []
  const seen = new Set<number>()
  let probed = ''
  for (const tier of TIERS) {
    const atThisTier = matches.map((m) => m[tier])
    const condition = atTier(atThisTier)
    // A tier that matches what the better one did adds nothing.
    const key = JSON.stringify(atThisTier)
    if (!condition || key === probed) continue
    probed = key
    const rows = await db
      .select({ id: instruments.id })
      .from(instruments)
      .where(and(shownInstrument, inArray(instruments.categoryId, allowed), condition))
      .orderBy(instruments.id)
      .limit(MATCHES_RANKED)
    for (const { id } of rows) {
      if (seen.has(id)) continue
      seen.add(id)
      ranked.push(id)
    }
    if (ranked.length >= MATCHES_RANKED) break
  }
  return ranked.slice(0, MATCHES_RANKED)
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
  const ids = await matchedIds(db, query.typed, query.category)
  const matched = idArray(ids)
  const rank = sql`array_position(${matched}, ${instruments.id})`
  const nameKey = sql`lower(${instruments.name})`
  const orders: Record<SortValue, SQL[]> = {
    default: [asc(rank)],
    asce: [asc(nameKey), asc(instruments.id)],
    desce: [desc(nameKey), desc(instruments.id)],
    'low-price': [asc(instruments.price), asc(instruments.id)],
    'high-price': [desc(instruments.price), desc(instruments.id)],
  }
  const order = sql.join(orders[query.sort], sql`, `)
  return db
    .select({
      id: instruments.id,
      at: sql<number>`row_number() OVER (ORDER BY ${order})`.as('at'),
      total: sql<number>`${ids.length}::int`.as('total'),
    })
    .from(instruments)
    .where(sql`${instruments.id} = ANY(${matched})`)
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
