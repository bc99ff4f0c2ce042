import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SeedInstrument, seedInstruments } from '../../contract/demo-catalogue'
import { categories } from '../db/schema/catalog'
import { seedIfEmpty } from '../seed/seed'
import { createTestApi } from '../test/harness'

// What a shopper means by what they type, on the demo catalogue: a typo, a letter
// dropped near the start, a category, two words. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL (CI runs both).

let t: Awaited<ReturnType<typeof createTestApi>>

beforeAll(async () => {
  t = await createTestApi()
  await seedIfEmpty(t.db, { adminPassword: 'admin12345', demoPassword: 'demo12345' })
  // The demo's Vintage Collection is hidden, and nothing else is vintage: shown, it gives
  // `vntage` something to find.
  await t.db
    .update(categories)
    .set({ isBanned: false })
    .where(eq(categories.name, 'Vintage Collection'))
})
afterAll(() => t.close())

const shown = seedInstruments.filter((i) => !i.isBanned)
const namesOf = (pick: (i: SeedInstrument) => boolean) => shown.filter(pick).map((i) => i.name)
const sorted = (names: string[]) => [...names].sort()

async function search(typed: string) {
  const res = await t.request(
    'GET',
    `/instruments?page=1&limit=100&name=${encodeURIComponent(typed)}`,
  )
  expect(res.status).toBe(200)
  return res.body as { items: { id: number; name: string }[]; total: number }
}

/** Each query, and what the first results must be (`all`: exactly these, in any order). */
const meant: [typed: string, first: string[], all?: boolean][] = [
  ['fendr', namesOf((i) => i.brand === 'Fender'), true],
  ['fnder', namesOf((i) => i.brand === 'Fender'), true],
  ['yamah', namesOf((i) => i.brand === 'Yamaha'), true],
  ['stratocastr', ['Fender Player Stratocaster'], true],
  ['Guitars', namesOf((i) => i.category === 'Guitars')],
  ['gutars', namesOf((i) => i.category === 'Guitars'), true],
  ['kyboards', namesOf((i) => i.category === 'Keyboards'), true],
  ['vntage', namesOf((i) => i.category === 'Vintage Collection'), true],
  ['cstom', ['Zildjian A Custom 18" Crash'], true],
  ['fender strat', ['Fender Player Stratocaster'], true],
  ['yamaha piano', ['Yamaha P-45 Digital Piano'], true],
  ['zzzqqq', [], true],
]

describe('the search finds what a shopper means', () => {
  it.each(meant)('%s', async (typed, first, all) => {
    const { items, total } = await search(typed)
    const names = items.map((i) => i.name)
    expect(sorted(names.slice(0, first.length))).toEqual(sorted(first))
    if (all) expect(total).toBe(first.length)
  })

  it.each(meant)("%s: the suggestions are the page's first 6", async (typed) => {
    const { items } = await search(typed)
    const res = await t.request('GET', `/instruments/suggestions?q=${encodeURIComponent(typed)}`)
    expect(res.body.map((s: { id: number }) => s.id)).toEqual(items.slice(0, 6).map((i) => i.id))
  })
})
