import {
  Scorer,
  TrigramIds,
  trigramsOf,
  typedTrigrams,
  WORD_SIMILARITY_THRESHOLD,
} from './word-similarity'

// The shopper's search (docs/decisions/2026-11-25-search.md): name, brand and category name;
// exact and prefix matches first; typos forgiven by pg_trgm's word similarity at its default
// threshold (`fendr` is 0.67 of `fender`). Worked out in memory over what shoppers may see
// (docs/decisions/2026-11-27-search-in-memory.md), the rows of the page then read by id.

/** An instrument a shopper may see, as the search reads it: lower case, its trigrams listed. */
export interface Searchable {
  id: number
  name: string
  brand: string
  categoryId: number
}

export interface ShownCategory {
  id: number
  name: string
}

interface Entry {
  id: number
  categoryId: number
  /** Its category's name, lower case. */
  category: string
  name: string
  brand: string
  /** Name and brand, the text a typo is scored against. */
  text: string
  /** The text between two spaces, to find the typed words as whole words in it. */
  padded: string
  trigrams: Int32Array
}

interface Category {
  id: number
  name: string
  trigrams: Int32Array
}

/** What shoppers may see, ready to search: built once per catalogue change (search-index.ts). */
export interface SearchCatalogue {
  entries: Entry[]
  categories: Category[]
  /** For each trigram id, the entries whose text holds it, each once. */
  holders: Int32Array[]
  trigramIds: TrigramIds
  scorer: Scorer
  /**
   * Per entry, how many of the typed words' trigrams its text holds: scratch space, zero between
   * searches, allocated once so that a search's garbage grows with its matches, not with the
   * catalogue.
   */
  held: Uint16Array
}

function idsOf(text: string, ids: TrigramIds): Int32Array {
  return Int32Array.from(trigramsOf(text), (t) => ids.idOf(t, true))
}

export function searchCatalogue(
  shown: Searchable[],
  shownCategories: ShownCategory[],
): SearchCatalogue {
  const trigramIds = new TrigramIds()
  const categories = shownCategories.map((c) => {
    const name = c.name.toLowerCase()
    return { id: c.id, name, trigrams: idsOf(name, trigramIds) }
  })
  const categoryName = new Map(categories.map((c) => [c.id, c.name]))
  const entries = shown.map((i): Entry => {
    const name = i.name.toLowerCase()
    const brand = i.brand.toLowerCase()
    const text = `${name} ${brand}`
    const category = categoryName.get(i.categoryId) ?? ''
    const trigrams = idsOf(text, trigramIds)
    const padded = ` ${text} `
    return { id: i.id, categoryId: i.categoryId, category, name, brand, text, padded, trigrams }
  })
  const lists: number[][] = Array.from({ length: trigramIds.size }, () => [])
  entries.forEach((entry, at) => {
    for (const id of new Set(entry.trigrams)) lists[id]?.push(at)
  })
  return {
    entries,
    categories,
    holders: lists.map((list) => Int32Array.from(list)),
    trigramIds,
    scorer: new Scorer(),
    held: new Uint16Array(entries.length),
  }
}

/** Below 3 letters a substring matches too much: only words that start with them count. */
const SHORTEST_SUBSTRING = 3

/** A match and where it ranks: tier first (0 best), then the closest, then the oldest. */
export interface Match {
  id: number
  tier: number
  closeness: number
}

const byRank = (a: Match, b: Match) => a.tier - b.tier || b.closeness - a.closeness || a.id - b.id

/**
 * What `typed` finds among what shoppers may see, best first; `inCategory` (a category's name,
 * any case) keeps only that category's.
 */
export function rankMatches(
  catalogue: SearchCatalogue,
  typed: string,
  inCategory?: string,
): Match[] {
  const { entries, scorer } = catalogue
  const words = typed.toLowerCase()
  // Written once a search, not once a name (a short query built one for each of 10,000 names).
  const typedAs = { words, wordStart: ` ${words}`, wholeWord: ` ${words} ` }
  const short = typed.length < SHORTEST_SUBSTRING
  const typedIds = typedTrigrams(words, catalogue.trigramIds)
  scorer.use(typedIds, catalogue.trigramIds.size)
  const similar = (trigrams: Int32Array) =>
    scorer.score(trigrams, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD
  // A category named (a part of its name, or its name with a typo) brings all its instruments.
  const named = new Set(
    catalogue.categories
      .filter((c) => c.name.includes(words) || similar(c.trigrams))
      .map((c) => c.id),
  )
  const only = inCategory?.toLowerCase()
  const kept = only === undefined ? undefined : catalogue.categories.find((c) => c.name === only)
  if (only !== undefined && !kept) return []

  const { held } = catalogue
  if (!short) countTypedTrigrams(catalogue, typedIds.ids)
  const found: Match[] = []
  try {
    for (let at = 0; at < entries.length; at++) {
      const entry = entries[at] as Entry
      if (kept && entry.categoryId !== kept.id) continue
      const contains = entry.text.includes(words)
      // A text holding under 60% of the typed words' trigrams cannot score 0.6: the score is at
      // most that share (pg_trgm's index turns those away the same way).
      const matches = short
        ? entry.text.startsWith(words) || entry.text.includes(typedAs.wordStart)
        : contains || ((held[at] as number) * 5 >= typedIds.distinct * 3 && similar(entry.trigrams))
      if (matches || named.has(entry.categoryId))
        found.push(rankOf(entry, typedAs, contains, scorer))
    }
  } finally {
    held.fill(0)
  }
  return found.sort(byRank)
}

/** Counts, per entry, the typed words' distinct trigrams its text holds. */
function countTypedTrigrams(catalogue: SearchCatalogue, typedIds: number[]) {
  const { held, holders } = catalogue
  for (const id of typedIds) {
    for (const at of holders[id] ?? []) held[at] = (held[at] as number) + 1
  }
}

function rankOf(
  entry: Entry,
  typed: { words: string; wordStart: string; wholeWord: string },
  contains: boolean,
  scorer: Scorer,
): Match {
  const { category } = entry
  const { words } = typed
  const starts = entry.name.startsWith(words) || entry.brand.startsWith(words)
  const tier =
    entry.name === words || entry.brand === words || category === words
      ? 0
      : starts || category.startsWith(words)
        ? 1
        : entry.text.includes(typed.wordStart)
          ? 2
          : contains
            ? 3
            : 4
  // A text that holds the words as a whole word scores 1, one that holds them otherwise 0 (they
  // are ranked by tier already); only the rest need pg_trgm's score.
  const closeness = entry.padded.includes(typed.wholeWord)
    ? 1
    : contains || category.startsWith(words)
      ? 0
      : scorer.score(entry.trigrams)
  return { id: entry.id, tier, closeness }
}
