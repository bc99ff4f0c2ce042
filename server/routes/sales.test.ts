import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sale } from '../../contract/sales'
import { categories, instruments, reviews } from '../db/schema/catalog'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'

describe('sales history', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>
  let alice: Awaited<ReturnType<typeof t.makeAccount>>
  let bob: Awaited<ReturnType<typeof t.makeAccount>>
  const saleIds: Record<string, number> = {}

  beforeAll(async () => {
    t = await createTestApi()
    admin = await t.makeAccount({ rol: 'admin' })
    alice = await t.makeAccount()
    bob = await t.makeAccount()
    const [category] = await t.db.insert(categories).values({ name: 'Drums' }).returning()
    const [kit] = await t.db
      .insert(instruments)
      .values({
        name: 'Stage Kit',
        brand: 'Pearl',
        price: 650,
        img: '/images/kit.webp',
        description: 'A five-piece kit.',
        stock: 10,
        status: 'Used',
        categoryId: category?.id ?? 0,
      })
      .returning()
    for (const [name, buyer] of [
      ['alice-1', alice],
      ['bob-1', bob],
      ['alice-2', alice],
    ] as const) {
      const res = await t.request('POST', '/payment', {
        token: buyer.token,
        body: { id: 'pm_card_visa', items: [{ id: kit?.id, count: 1 }], userInfo: customer },
      })
      expect(res.status).toBe(201)
      saleIds[name] = res.body.sale.id
    }
  })
  afterAll(() => t.close())

  it('GET /transactions: admins only', async () => {
    expect((await t.request('GET', '/transactions')).status).toBe(401)
    expect((await t.request('GET', '/transactions', { token: alice.token })).status).toBe(403)
    const res = await t.request('GET', '/transactions', { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([
      saleIds['alice-2'],
      saleIds['bob-1'],
      saleIds['alice-1'],
    ])
    const first = sale.parse(res.body[0])
    expect(first.instrument).toEqual([
      expect.objectContaining({ name: 'Stage Kit', brand: 'Pearl', price: 650, count: 1 }),
    ])
    expect(first.instrument[0]).not.toHaveProperty('rated')
  })

  it('GET /transactions/user: only the caller’s sales, each line saying whether it was rated', async () => {
    expect((await t.request('GET', '/transactions/user')).status).toBe(401)
    const before = await t.request('GET', '/transactions/user', { token: alice.token })
    expect(before.status).toBe(200)
    expect(before.body.map((s: { id: number }) => s.id)).toEqual([
      saleIds['alice-2'],
      saleIds['alice-1'],
    ])
    const older = sale.parse(before.body[1])
    expect(older.instrument[0]?.rated).toBe(false)

    const line = older.instrument[0]
    await t.db.insert(reviews).values({
      instrumentId: line?.instrumentId ?? 0,
      userId: alice.id,
      userName: alice.userName,
      saleItemId: line?.id ?? 0,
      star: 5,
      comment: 'Sounds great and arrived in perfect condition.',
    })
    const after = await t.request('GET', '/transactions/user', { token: alice.token })
    expect(after.body[1].instrument[0].rated).toBe(true)
    expect(after.body[0].instrument[0].rated).toBe(false)

    const theirs = await t.request('GET', '/transactions/user', { token: bob.token })
    expect(theirs.body.map((s: { id: number }) => s.id)).toEqual([saleIds['bob-1']])
  })
})
