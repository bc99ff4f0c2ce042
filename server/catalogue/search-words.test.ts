import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, instruments } from '../db/schema/catalog'
import { searchWords } from '../db/schema/search-words'
import { createTestApi } from '../test/harness'
import { instrumentPage } from './catalogue'

// Migration 0029's triggers keep the catalogue's words that the search corrects typos against:
// whatever writes a name, a brand or a category, its words are there in the same transaction,
// and a typo of them is found at once. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
describe('the search words kept by triggers', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let shelf = 0

  beforeAll(async () => {
    t = await createTestApi()
    const [made] = await t.db
      .insert(categories)
      .values({ name: 'Guitars' })
      .returning({ id: categories.id })
    shelf = made?.id ?? 0
  })
  afterAll(() => t.close())

  const instrument = (name: string, brand: string) => ({
    name,
    brand,
    price: 100,
    img: '/images/x.webp',
    description: 'Searched.',
    stock: 1,
    status: 'New' as const,
    categoryId: shelf,
  })

  const kept = async () =>
    new Set((await t.db.select({ word: searchWords.word }).from(searchWords)).map((r) => r.word))

  /** Every lexeme the catalogue holds now, read from the rows themselves. */
  async function catalogueWords() {
    const rows = await t.db.execute(sql`
      SELECT lexeme AS word FROM ${instruments},
        unnest(to_tsvector('simple', ${instruments.name} || ' ' || ${instruments.brand}))
      UNION SELECT lexeme FROM ${categories}, unnest(to_tsvector('simple', ${categories.name}))`)
    // PGlite answers { rows }, postgres.js the rows themselves.
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      word: string
    }[]
    return list.map((r) => r.word)
  }

  const search = async (typed: string) =>
    (await instrumentPage(t.db, { name: typed, page: 1, limit: 10, sort: 'default' })).items.map(
      (i) => i.name,
    )

  it('holds every word of the names, brands and categories after bulk and single writes', async () => {
    await t.db
      .insert(instruments)
      .values([instrument('Aurora Deluxe 1962', 'Fender'), instrument("Nimbus '50s", 'Gretsch')])
    const [one] = await t.db
      .insert(instruments)
      .values(instrument('Theremin', 'Moog'))
      .returning({ id: instruments.id })
    await t.db
      .update(instruments)
      .set({ name: 'Quasar Theremin', brand: 'Etherwave' })
      .where(eq(instruments.id, one?.id ?? 0))
    await t.db
      .update(categories)
      .set({ name: 'Electronic Curiosities' })
      .where(eq(categories.id, shelf))
    await t.db.insert(categories).values({ name: 'Synthesizers' })
    const words = await kept()
    const missing = (await catalogueWords()).filter((w) => !words.has(w))
    expect(missing).toEqual([])
    expect(words).toContain('quasar')
    expect(words).toContain('curiosities')
  })

  it('finds a typo of a word that arrived by a rename, in a name or a category', async () => {
    expect(await search('qasar')).toEqual(['Quasar Theremin'])
    expect(await search('etherwav')).toEqual(['Quasar Theremin'])
    // The quote around a word is punctuation to the words kept, and to what a shopper types.
    expect(await search("'50s")).toEqual(["Nimbus '50s"])
    expect((await search('curiosites')).sort()).toEqual(
      ['Aurora Deluxe 1962', "Nimbus '50s", 'Quasar Theremin'].sort(),
    )
  })

  it('cuts what a shopper types as the catalogue words were cut: a model, a number-like code', async () => {
    await t.db
      .insert(instruments)
      .values([
        instrument('Digital Piano P-125', 'Yamaha'),
        instrument('Cart Guitar 7e32c9', 'E2E'),
      ])
    // The parser makes `p` and `-125` of P-125, and a number `7e32` and a word `c9` of 7e32c9.
    expect(await search('P-125')).toEqual(['Digital Piano P-125'])
    expect(await search('yamaha p-125')).toEqual(['Digital Piano P-125'])
    expect(await search('E2E Cart Guitar 7e32c9')).toEqual(['Cart Guitar 7e32c9'])
    expect(await search('guitar 7e32')).toEqual(['Cart Guitar 7e32c9'])
  })

  it('finds every word a prefix stands for, even more than it spells out', async () => {
    const models = Array.from({ length: 60 }, (_, n) => instrument(`Ocarina ${7000 + n}`, 'Clay'))
    await t.db.insert(instruments).values(models)
    const page = await instrumentPage(t.db, {
      name: 'ocarina 70',
      page: 1,
      limit: 10,
      sort: 'default',
    })
    expect(page.total).toBe(60)
    const one = await instrumentPage(t.db, {
      name: 'ocarina 7042',
      page: 1,
      limit: 10,
      sort: 'default',
    })
    expect(one.items.map((i) => i.name)).toEqual(['Ocarina 7042'])
  })

  it('keeps a write that fails half-way from adding its words', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(instruments).values(instrument('Zanzibar Ocarina', 'Xylo'))
        await tx.insert(instruments).values({ ...instrument('Broken', 'Xylo'), stock: -1 })
      }),
    ).rejects.toThrow()
    expect(await kept()).not.toContain('zanzibar')
  })
})
