import { eq, inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, instruments } from '../db/schema/catalog'
import { shelfCounts } from '../db/schema/shelf-counts'
import { createTestApi } from '../test/harness'
import { instrumentPage } from './catalogue'

// Migration 0015's triggers keep shelf_counts; these compare it with a count made straight from
// the instruments after every kind of write, in single rows and in bulk.
describe('the shelf counts kept by triggers', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let shelves: number[] = []

  beforeAll(async () => {
    t = await createTestApi()
    const made = await t.db
      .insert(categories)
      .values([{ name: 'Guitars' }, { name: 'Drums' }, { name: 'Wind' }])
      .returning({ id: categories.id })
    shelves = made.map((c) => c.id)
  })
  afterAll(() => t.close())

  async function both() {
    const kept = await t.db
      .select({ categoryId: shelfCounts.categoryId, shown: shelfCounts.shown })
      .from(shelfCounts)
    const direct = await t.db
      .select({ categoryId: instruments.categoryId, shown: sql<number>`count(*)::int` })
      .from(instruments)
      .where(eq(instruments.isBanned, false))
      .groupBy(instruments.categoryId)
    const byShelf = (rows: { categoryId: number; shown: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.shown !== 0).map((r) => [r.categoryId, r.shown]))
    return { kept: byShelf(kept), direct: byShelf(direct) }
  }

  const instrument = (categoryId: number, isBanned: boolean, n: number) => ({
    name: `Shelf test ${n}`,
    brand: 'Yamaha',
    price: 100,
    img: '/images/x.webp',
    description: 'Counted.',
    stock: 1,
    status: 'New' as const,
    categoryId,
    isBanned,
  })

  const write = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      rows: fc.array(fc.tuple(fc.nat(2), fc.boolean()), { minLength: 1, maxLength: 8 }),
    }),
    fc.record({ kind: fc.constant('remove' as const), every: fc.integer({ min: 2, max: 4 }) }),
    fc.record({ kind: fc.constant('ban' as const), every: fc.integer({ min: 2, max: 3 }) }),
    fc.record({ kind: fc.constant('unban' as const) }),
    fc.record({ kind: fc.constant('move' as const), to: fc.nat(2) }),
    fc.record({ kind: fc.constant('restock' as const) }),
  )
  type Write = typeof write extends fc.Arbitrary<infer W> ? W : never

  async function apply(w: Write, n: number) {
    const ids = (await t.db.select({ id: instruments.id }).from(instruments)).map((r) => r.id)
    const some = (every: number) => ids.filter((_, i) => i % every === 0)
    if (w.kind === 'add') {
      const rows = w.rows.map(([shelf, banned], i) =>
        instrument(shelves[shelf] as number, banned, n * 10 + i),
      )
      await t.db.insert(instruments).values(rows)
    } else if (w.kind === 'remove' && ids.length) {
      await t.db.delete(instruments).where(inArray(instruments.id, some(w.every)))
    } else if (w.kind === 'ban' && ids.length) {
      await t.db
        .update(instruments)
        .set({ isBanned: true })
        .where(inArray(instruments.id, some(w.every)))
    } else if (w.kind === 'unban') {
      await t.db.update(instruments).set({ isBanned: false }).where(eq(instruments.isBanned, true))
    } else if (w.kind === 'move' && ids.length) {
      await t.db
        .update(instruments)
        .set({ categoryId: shelves[w.to] as number })
        .where(inArray(instruments.id, some(3)))
    } else if (w.kind === 'restock') {
      await t.db.update(instruments).set({ stock: sql`${instruments.stock} + 1` })
    }
  }

  it('equals the direct count after any run of adds, deletes, bans, unbans, moves and restocks', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        for (const w of writes) await apply(w, n++)
        const { kept, direct } = await both()
        expect(kept).toEqual(direct)
      }),
      { numRuns: 25 },
    )
  })

  it('a write that fails half-way leaves the counts as they were', async () => {
    const before = await both()
    const [shelf] = shelves as [number]
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(instruments).values(instrument(shelf, false, 9_999))
        await tx.insert(instruments).values({ ...instrument(shelf, false, 9_998), stock: -1 })
      }),
    ).rejects.toThrow()
    expect(await both()).toEqual(before)
  })

  it("gives the storefront's page its count, a banned category's instruments left out", async () => {
    const [guitars, drums] = shelves as [number, number]
    await t.db.delete(instruments)
    await t.db
      .insert(instruments)
      .values([
        instrument(guitars, false, 1),
        instrument(guitars, false, 2),
        instrument(guitars, true, 3),
        instrument(drums, false, 4),
      ])
    const query = { page: 1, limit: 10, sort: 'default' } as const
    expect((await instrumentPage(t.db, query)).total).toBe(3)
    expect((await instrumentPage(t.db, { ...query, category: 'guitars' })).total).toBe(2)
    await t.db.update(categories).set({ isBanned: true }).where(eq(categories.id, guitars))
    const page = await instrumentPage(t.db, query)
    expect(page).toMatchObject({ total: 1, pages: 1 })
    expect(page.items.map((i) => i.categoryId)).toEqual([drums])
    await t.db.update(categories).set({ isBanned: false }).where(eq(categories.id, guitars))
  })
})
