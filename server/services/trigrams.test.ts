import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from '../test/harness'
import { sharesNoTrigram } from './trigrams'

// The search ranks a name that shares no trigram with the typed words at 0 without asking
// pg_trgm (server/services/search.ts): the expression must say "none" exactly when pg_trgm's
// word similarity is 0. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const one = sql`(SELECT 1) AS one`
const trigramsOf = async (typed: string) => {
  const [row] = await t.db.select({ trigrams: sql<string[]>`show_trgm(lower(${typed}))` }).from(one)
  return row?.trigrams ?? []
}

async function judged(typed: string, name: string) {
  const text = sql`lower(${name})`
  const none = sharesNoTrigram(text, await trigramsOf(typed))
  if (!none) return undefined
  const [row] = await t.db
    .select({
      none: sql<boolean>`${none}`,
      score: sql<number>`word_similarity(lower(${typed}), ${text})`,
    })
    .from(one)
  return row
}

// Few letters (one that PostgreSQL hashes), digits and separators, so that shared trigrams, word
// starts and word ends meet often.
const text = fc.stringMatching(/^[abeñ4 _.-]{0,12}$/)

describe('a name that shares no trigram with the typed words', () => {
  it('is told exactly when pg_trgm scores it 0', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (typed, name) => {
        const row = await judged(typed, name)
        if (row) expect(row.none).toBe(row.score === 0)
      }),
      { numRuns: 300 },
    )
  })

  it('is told for the cases a search meets', async () => {
    expect(await judged('keyboadrs', 'Vintage Stratos 12 Fender')).toEqual({ none: true, score: 0 })
    expect((await judged('keyboadrs', 'Studio Nova 3 Korg'))?.none).toBe(false)
    expect((await judged('basses 155', 'Deluxe Echo 155 Pearl'))?.none).toBe(false)
    expect((await judged('bass', 'sub-bass_x'))?.none).toBe(false)
  })

  it('is left to pg_trgm where trigrams are hashed letters or too many', async () => {
    // PostgreSQL in a UTF-8 locale hashes a trigram with ñ; PGlite's C locale splits words there.
    const spanish = await trigramsOf('guitarra española')
    const hashed = spanish.some((trigram) => trigram.length !== 3)
    expect(sharesNoTrigram(sql`'x'`, spanish) === undefined).toBe(hashed)
    const long = await trigramsOf('a b c d e f g h i j k l m n o p')
    expect(sharesNoTrigram(sql`'x'`, long)).toBeUndefined()
    expect(sharesNoTrigram(sql`'x'`, [])).toBeUndefined()
  })
})
