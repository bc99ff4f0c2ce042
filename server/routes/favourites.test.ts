import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { favourite } from '../../contract/catalog'
import { categories, favourites, instruments } from '../db/schema/catalog'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
let user: { id: number; token: string }
const ids: number[] = []
let hiddenCategory: number

beforeAll(async () => {
  t = await createTestApi()
  user = await t.makeAccount()
  const [open, hidden] = await t.db
    .insert(categories)
    .values([{ name: 'Wind' }, { name: 'Hidden', isBanned: true }])
    .returning()
  hiddenCategory = hidden?.id as number
  const base = { img: '/x.svg', description: 'd', stock: 2, status: 'New' as const }
  const rows = await t.db
    .insert(instruments)
    .values([
      {
        ...base,
        name: 'Selmer Alto Sax',
        brand: 'Selmer',
        price: 3200,
        categoryId: open?.id as number,
      },
      {
        ...base,
        name: 'Yamaha Flute',
        brand: 'Yamaha',
        price: 499.9,
        categoryId: open?.id as number,
      },
      {
        ...base,
        name: 'Banned Horn',
        brand: 'X',
        price: 1,
        categoryId: open?.id as number,
        isBanned: true,
      },
      { ...base, name: 'Hidden Oboe', brand: 'Y', price: 1, categoryId: hiddenCategory },
    ])
    .returning()
  ids.push(...rows.map((r) => r.id))
})
afterAll(() => t.close())

describe('/trolley (favourites)', () => {
  it('needs a signed-in, non-banned account', async () => {
    const banned = await t.makeAccount({ rol: 'banned' })
    expect((await t.request('GET', '/trolley')).status).toBe(401)
    expect((await t.request('POST', '/trolley', { body: { id: ids[0] } })).status).toBe(401)
    expect((await t.request('DELETE', '/trolley', { body: { id: ids[0] } })).status).toBe(401)
    expect((await t.request('GET', '/trolley', { token: banned.token })).status).toBe(403)
  })

  it('adds, lists newest first and removes', async () => {
    const first = await t.request('POST', '/trolley', { body: { id: ids[0] }, token: user.token })
    expect(first.status).toBe(200)
    expect(first.body.ok).toBeTypeOf('string')
    await new Promise((r) => setTimeout(r, 5))
    await t.request('POST', '/trolley', { body: { id: String(ids[1]) }, token: user.token })
    const again = await t.request('POST', '/trolley', { body: { id: ids[0] }, token: user.token })
    expect(again.status).toBe(200)

    const list = await t.request('GET', '/trolley', { token: user.token })
    expect(list.status).toBe(200)
    for (const item of list.body) favourite.parse(item)
    expect(list.body.map((f: { name: string }) => f.name)).toEqual([
      'Yamaha Flute',
      'Selmer Alto Sax',
    ])
    expect(list.body[0]).toMatchObject({ id: ids[1], price: 499.9, brand: 'Yamaha', stock: 2 })

    const other = await t.makeAccount()
    expect((await t.request('GET', '/trolley', { token: other.token })).body).toEqual([])

    const removed = await t.request('DELETE', '/trolley', {
      body: { id: ids[0] },
      token: user.token,
    })
    expect(removed.status).toBe(200)
    expect(removed.body.ok).toBeTypeOf('string')
    const after = await t.request('GET', '/trolley', { token: user.token })
    expect(after.body.map((f: { id: number }) => f.id)).toEqual([ids[1]])
  })

  it('refuses a missing or hidden instrument and bad ids', async () => {
    for (const id of [99999, ids[2], ids[3]]) {
      const res = await t.request('POST', '/trolley', { body: { id }, token: user.token })
      expect(res).toMatchObject({ status: 404, body: { error: 'Instrument not found' } })
    }
    const bad = await t.request('POST', '/trolley', { body: { id: 'abc' }, token: user.token })
    expect(bad).toMatchObject({ status: 400, body: { field: 'id' } })
  })

  it('hides a favourite whose instrument was banned later', async () => {
    await t.db.insert(favourites).values({ userId: user.id, instrumentId: ids[2] as number })
    const list = await t.request('GET', '/trolley', { token: user.token })
    expect(list.body.map((f: { id: number }) => f.id)).toEqual([ids[1]])
    await t.db
      .update(instruments)
      .set({ isBanned: false })
      .where(eq(instruments.id, ids[2] as number))
    const shown = await t.request('GET', '/trolley', { token: user.token })
    expect(shown.body.map((f: { id: number }) => f.id)).toContain(ids[2])
  })
})
