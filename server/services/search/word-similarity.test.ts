import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from '../../test/harness'
import {
  Scorer,
  TrigramIds,
  trigramsOf,
  typedTrigrams,
  WORD_SIMILARITY_THRESHOLD,
} from './word-similarity'

// The search scores typos in JavaScript: it must agree with pg_trgm to the last bit, in the
// score a ranking orders by and in what `<%` lets through. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.

let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function pgTrgm(typed: string, text: string) {
  const [row] = await t.db
    .select({
      score: sql<number>`word_similarity(${typed}, ${text})`,
      similar: sql<boolean>`${text} %> ${typed}`,
    })
    .from(sql`(SELECT 1) AS one`)
  return { score: Math.fround(Number(row?.score)), similar: row?.similar }
}

function ours(typed: string, text: string) {
  const ids = new TrigramIds()
  const trigrams = Int32Array.from(trigramsOf(text), (g) => ids.idOf(g, true))
  const scorer = new Scorer()
  scorer.use(typedTrigrams(typed, ids), ids.size)
  const score = scorer.score(trigrams)
  const similar = scorer.score(trigrams, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD
  return { score, similar }
}

// Few letters, digits and separators, so that repeated trigrams, word starts and word ends meet
// often. ASCII only: PGlite's C locale and PostgreSQL's UTF-8 one split words differently at ñ.
const words = fc.stringMatching(/^[abe4 _.-]{0,14}$/)

describe("pg_trgm's word similarity, in JavaScript", () => {
  it('scores and lets through exactly what pg_trgm does', async () => {
    await fc.assert(
      fc.asyncProperty(words, words, async (typed, text) => {
        expect(ours(typed, text)).toEqual(await pgTrgm(typed, text))
      }),
      { numRuns: 400 },
    )
  })

  it('agrees on what a shopper types', async () => {
    const pairs = [
      ['fendr', 'vintage stratos 487 fender'],
      ['fendr 487', 'deluxe echo 487 fender'],
      ['stratocastr', 'stratocaster 7 fender'],
      ['kyboards', 'keyboards'],
      ['gutars', 'guitars'],
      ['ndr fen', 'xndr fend ndr fen'],
      ['yamah', 'yamaha p-45 yamaha'],
    ]
    for (const [typed = '', text = ''] of pairs) {
      expect(ours(typed, text), `${typed} / ${text}`).toEqual(await pgTrgm(typed, text))
    }
    expect(ours('fendr', 'fender').score).toBe(Math.fround(4 / 6))
  })
})
