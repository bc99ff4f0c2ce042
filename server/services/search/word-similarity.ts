// pg_trgm's word similarity (contrib/pg_trgm/trgm_op.c, `calc_word_similarity` without the strict
// flag), in JavaScript: the search ranks the catalogue in memory (docs/decisions/
// 2026-11-27-search-in-memory.md), and a typo must find and order what pg_trgm's `<%` found and
// ordered. Each word of a text (letters and digits) is padded with two spaces before and one
// after, and cut into trigrams; the score of the typed words against a text is the best share of
// their trigrams in any run of the text's trigrams. server/services/search/word-similarity.test.ts
// holds it to pg_trgm's own answers.

/** pg_trgm's default `pg_trgm.word_similarity_threshold`, a float4 0.6 as C stores it. */
export const WORD_SIMILARITY_THRESHOLD = Math.fround(0.6)

// A letter or digit of any script, as PostgreSQL's `iswalnum` in a UTF-8 locale sees it.
const WORD = /[\p{L}\p{N}]+/gu

/** Trigram texts to small integers, so that a text's trigrams are an Int32Array. */
export class TrigramIds {
  private readonly ids = new Map<string, number>()

  get size() {
    return this.ids.size
  }

  /** The id of a trigram, made if `add`; -1 for one no text holds. */
  idOf(trigram: string, add: boolean): number {
    const known = this.ids.get(trigram)
    if (known !== undefined || !add) return known ?? -1
    this.ids.set(trigram, this.ids.size)
    return this.ids.size - 1
  }
}

/** A text's trigrams in order, repeats kept (`generate_trgm_only`); `text` is lower case. */
export function trigramsOf(text: string): string[] {
  const trigrams: string[] = []
  for (const [word] of text.matchAll(WORD)) {
    const letters = Array.from(`  ${word} `)
    for (let i = 0; i + 3 <= letters.length; i++) trigrams.push(letters.slice(i, i + 3).join(''))
  }
  return trigrams
}

/** The typed words, ready to be scored against many texts. */
export interface TypedTrigrams {
  /** Distinct trigram ids of the typed words; -1 stands for each one no text holds. */
  ids: number[]
  /** How many distinct trigrams the typed words have (pg_trgm's `ulen1`). */
  distinct: number
}

export function typedTrigrams(typed: string, ids: TrigramIds): TypedTrigrams {
  const distinct = [...new Set(trigramsOf(typed))]
  return { ids: distinct.map((t) => ids.idOf(t, false)), distinct: distinct.length }
}

/** pg_trgm's CALCSML: float4 arithmetic, as the comparisons with other scores need. */
const share = (common: number, typed: number, run: number) =>
  Math.fround(common / (typed + run - common))

/**
 * Scratch arrays sized to the trigram ids, reused between scores: `typed[id]` marks the typed
 * words' trigrams, `lastAt[id]` is `lastpos` (-1 between scores).
 */
export class Scorer {
  private typed = new Uint8Array(0)
  private lastAt = new Int32Array(0)
  private words: TypedTrigrams = { ids: [], distinct: 0 }

  /** Scores against `words` from now on. */
  use(words: TypedTrigrams, trigramCount: number) {
    if (this.lastAt.length < trigramCount) {
      this.typed = new Uint8Array(trigramCount)
      this.lastAt = new Int32Array(trigramCount).fill(-1)
    }
    for (const id of this.words.ids) if (id >= 0) this.typed[id] = 0
    for (const id of words.ids) if (id >= 0) this.typed[id] = 1
    this.words = words
  }

  /**
   * `word_similarity(typed, text)`, or with `atLeast` whether it reaches that (pg_trgm's
   * WORD_SIMILARITY_CHECK_ONLY, which may stop early and then returns a lower score).
   */
  score(text: Int32Array, atLeast?: number): number {
    const { typed, lastAt } = this
    const ulen1 = this.words.distinct
    let ulen2 = 0
    let count = 0
    let lower = -1
    let best = 0
    for (let i = 0; i < text.length; i++) {
      const id = text[i] as number
      const found = typed[id] === 1
      if (lower >= 0 || found) {
        if ((lastAt[id] as number) < 0) {
          ulen2++
          if (found) count++
        }
        lastAt[id] = i
      }
      if (!found) continue
      if (lower === -1) {
        lower = i
        ulen2 = 1
      }
      const upper = i
      let current = share(count, ulen1, ulen2)
      let runCount = count
      let runLength = ulen2
      const previousLower = lower
      for (let from = lower; from <= upper; from++) {
        const tried = share(runCount, ulen1, runLength)
        if (tried > current) {
          current = tried
          ulen2 = runLength
          lower = from
          count = runCount
        }
        if (atLeast !== undefined && current >= atLeast) break
        const leaving = text[from] as number
        if (lastAt[leaving] === from) {
          runLength--
          if (typed[leaving] === 1) runCount--
        }
      }
      best = Math.max(best, current)
      if (atLeast !== undefined && best >= atLeast) break
      for (let from = previousLower; from < lower; from++) {
        const leaving = text[from] as number
        if (lastAt[leaving] === from) lastAt[leaving] = -1
      }
    }
    for (const id of text) lastAt[id] = -1
    return best
  }
}
