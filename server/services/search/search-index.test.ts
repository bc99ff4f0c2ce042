import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, instruments } from '../../db/schema/catalog'
import { searchVersion } from '../../db/schema/search-version'
import { createTestApi } from '../../test/harness'
import { rankMatches } from './ranking'
import { createSearchIndex } from './search-index'

// Each process holds the search in memory; migration 0023's commit trigger tells it when what it
// holds is out of date, whichever process or code path wrote. Two indexes over one database stand
// for two processes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: Awaited<ReturnType<typeof createTestApi>>
let guitars = 0
let strat = 0
beforeAll(async () => {
  t = await createTestApi()
  const [category] = await t.db.insert(categories).values({ name: 'Guitars' }).returning()
  guitars = category?.id ?? 0
  const [row] = await t.db
    .insert(instruments)
    .values({
      name: 'Stratocaster',
      brand: 'Fender',
      price: 999,
      img: '/images/strat.webp',
      description: 'A guitar',
      stock: 3,
      status: 'New',
      categoryId: guitars,
    })
    .returning()
  strat = row?.id ?? 0
})
afterAll(() => t.close())

const version = async () => (await t.db.select().from(searchVersion))[0]?.changes
const found = async (index: ReturnType<typeof createSearchIndex>, typed: string) =>
  rankMatches(await index.current(), typed).map((m) => m.id)

describe('the search held in memory', () => {
  it('sees a rename made elsewhere at the next search', async () => {
    const here = createSearchIndex(t.db)
    const there = createSearchIndex(t.db)
    expect(await found(here, 'stratocastr')).toEqual([strat])
    expect(await found(there, 'stratocastr')).toEqual([strat])
    await t.db.update(instruments).set({ name: 'Telecaster' }).where(eq(instruments.id, strat))
    expect(await found(here, 'telecastr')).toEqual([strat])
    expect(await found(there, 'stratocastr')).toEqual([])
    await t.db.update(instruments).set({ name: 'Stratocaster' }).where(eq(instruments.id, strat))
  })

  it('loses what a ban hides, and a banned category with it', async () => {
    const index = createSearchIndex(t.db)
    await t.db.update(categories).set({ isBanned: true }).where(eq(categories.id, guitars))
    expect(await found(index, 'fender')).toEqual([])
    await t.db.update(categories).set({ isBanned: false }).where(eq(categories.id, guitars))
    expect(await found(index, 'fender')).toEqual([strat])
    await t.db.update(instruments).set({ isBanned: true }).where(eq(instruments.id, strat))
    expect(await found(index, 'fender')).toEqual([])
    await t.db.update(instruments).set({ isBanned: false }).where(eq(instruments.id, strat))
  })

  it('counts one change a transaction, none for stock or a rollback', async () => {
    const before = await version()
    await t.db.update(instruments).set({ stock: 2 }).where(eq(instruments.id, strat))
    expect(await version()).toBe(before)
    await t.db.transaction(async (tx) => {
      await tx.update(instruments).set({ brand: 'Squier' }).where(eq(instruments.id, strat))
      await tx.update(instruments).set({ brand: 'Fender' }).where(eq(instruments.id, strat))
      await tx.update(categories).set({ name: 'Guitars' }).where(eq(categories.id, guitars))
    })
    expect(await version()).toBe(Number(before) + 1)
    await t.db
      .transaction(async (tx) => {
        await tx.update(instruments).set({ name: 'Gone' }).where(eq(instruments.id, strat))
        tx.rollback()
      })
      .catch(() => {})
    expect(await version()).toBe(Number(before) + 1)
  })
})
