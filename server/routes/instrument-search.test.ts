import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedInstruments } from '../../contract/demo-catalogue'
import { instruments } from '../db/schema/catalog'
import { seedIfEmpty } from '../seed/seed'
import { createTestApi } from '../test/harness'

// The home search on the demo catalogue, as a shopper types it. Runs on PGlite, and
// on PostgreSQL with TEST_DATABASE_URL.

let t: Awaited<ReturnType<typeof createTestApi>>

beforeAll(async () => {
  t = await createTestApi()
  await seedIfEmpty(t.db, { adminPassword: 'admin12345', demoPassword: 'demo12345' })
})
afterAll(() => t.close())

const shown = seedInstruments.filter((i) => !i.isBanned && i.category !== 'Vintage Collection')
const namesOf = (pick: (i: (typeof shown)[number]) => boolean) =>
  shown.filter(pick).map((i) => i.name)

async function search(name: string) {
  const res = await t.request(
    'GET',
    `/instruments?page=1&limit=100&name=${encodeURIComponent(name)}`,
  )
  expect(res.status).toBe(200)
  return (res.body.items as { name: string }[]).map((i) => i.name)
}

describe('the home search forgives', () => {
  it('fendr: the Fender instruments a shopper may see', async () => {
    expect((await search('fendr')).sort()).toEqual(namesOf((i) => i.brand === 'Fender').sort())
  })

  it('yamah: the Yamahas', async () => {
    expect((await search('yamah')).sort()).toEqual(namesOf((i) => i.brand === 'Yamaha').sort())
  })

  it('stratocastr: the Stratocaster first', async () => {
    expect((await search('stratocastr'))[0]).toBe('Fender Player Stratocaster')
  })

  it("Guitars: the Guitars category's instruments, first", async () => {
    const guitars = namesOf((i) => i.category === 'Guitars')
    const found = await search('Guitars')
    expect(found.slice(0, guitars.length).sort()).toEqual([...guitars].sort())
    // Other instruments named for guitars (a stand) may follow, never before.
    expect(found.length).toBeLessThanOrEqual(guitars.length + 1)
  })

  it('ranks an exact name, then names that start with the words, then the rest', async () => {
    expect((await search('Korg Minilogue XD'))[0]).toBe('Korg Minilogue XD')
    const bass = await search('bass')
    expect(bass.slice(0, 5).every((n) => namesOf((i) => i.category === 'Basses').includes(n))).toBe(
      true,
    )
    const fender = await search('fender')
    expect(fender.slice(0, 3).every((n) => n.startsWith('Fender'))).toBe(true)
  })

  it('still finds nothing when nothing is close (the page shows Instrument not found)', async () => {
    expect(await search('zqxwv')).toEqual([])
    expect(await search('%')).toEqual([])
  })

  it('never shows a hidden instrument or one of a hidden category', async () => {
    expect(await search('jaguar')).toEqual([])
    expect(await search('Vintage Collection')).toEqual([])
  })

  it('keeps a sort the shopper chose', async () => {
    const res = await t.request('GET', '/instruments?page=1&name=yamah&sort=low-price')
    const prices = (res.body.items as { price: number }[]).map((i) => i.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it("leaves the whole list's name filter (the spec's substring) as it was", async () => {
    const res = await t.request('GET', '/instruments?name=fendr')
    expect(res.body).toEqual([])
  })
})

describe('GET /instruments/suggestions', () => {
  const suggest = (q: string) =>
    t.request('GET', `/instruments/suggestions?q=${encodeURIComponent(q)}`)

  it('answers up to 6 of { id, name, brand, price, img }, best first', async () => {
    const res = await suggest('yamah')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(6)
    expect(Object.keys(res.body[0]).sort()).toEqual(['brand', 'id', 'img', 'name', 'price'])
    const strat = await suggest('stratocastr')
    expect(strat.body[0].name).toBe('Fender Player Stratocaster')
  })

  it("suggests the search page's first 6, in its order", async () => {
    for (const q of ['yamah', 'fendr', 'kyboards', 'st', 'bass', 'guitar 3']) {
      const page = await t.request(
        'GET',
        `/instruments?page=1&limit=6&name=${encodeURIComponent(q)}`,
      )
      const ids = (res: { body: { id: number }[] }) => res.body.map((i) => i.id)
      expect(ids(await suggest(q)), q).toEqual(ids({ body: page.body.items }))
    }
  })

  it('suggests only what a shopper may see', async () => {
    const [hidden] = await t.db
      .update(instruments)
      .set({ isBanned: true })
      .where(eq(instruments.name, 'Korg Minilogue XD'))
      .returning()
    expect((await suggest('minilogue')).body).toEqual([])
    await t.db
      .update(instruments)
      .set({ isBanned: false })
      .where(eq(instruments.id, hidden?.id ?? 0))
    expect((await suggest('minilogue')).body).toHaveLength(1)
  })

  it('answers nothing below 2 characters, and a 400 naming q for bad input', async () => {
    expect((await suggest('y')).body).toEqual([])
    for (const bad of ['', 'x'.repeat(101), 'a\u0000b']) {
      const res = await suggest(bad)
      expect(res.status).toBe(400)
      expect(res.body.error).toMatch(/^q: /)
    }
    const missing = await t.request('GET', '/instruments/suggestions')
    expect(missing.status).toBe(400)
  })
})
