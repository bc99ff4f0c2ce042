import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './app'
import { categories, instruments } from './db/schema/catalog'
import { customer } from './test/fixtures'
import { createTestApi } from './test/harness'

describe('the API frame', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  it('answers an unknown path with a JSON 404', async () => {
    const res = await t.request('GET', '/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body.error).toContain('/no-such-thing')
  })

  it('refuses a body over 100 KB with a JSON 413 before any handler reads it', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        userName: 'bigbody',
        email: 'big@example.com',
        password: 'secret123',
        confirmpassword: 'secret123',
        padding: 'x'.repeat(MAX_BODY_BYTES),
      },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: expect.any(String) })
    const login = await t.request('POST', '/auth/login', {
      body: { userName: 'bigbody', password: 'secret123' },
    })
    expect(login.status).toBe(401)
  })
})

describe('caching rules', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let clears = 0
  beforeAll(async () => {
    t = await createTestApi()
    const clear = t.deps.pageCache.clear.bind(t.deps.pageCache)
    t.deps.pageCache.clear = () => {
      clears += 1
      clear()
    }
  })
  afterAll(() => t.close())

  it('marks API answers no-store: they carry accounts, sales and sessions', async () => {
    const user = await t.makeAccount()
    const me = await t.request('GET', '/users/token', { token: user.token })
    expect(me.headers.get('Cache-Control')).toBe('no-store')
    const refused = await t.request('GET', '/users', { token: user.token })
    expect(refused.headers.get('Cache-Control')).toBe('no-store')
  })

  it("keeps them on a shopper's alert and review, however many", async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const buyer = await t.makeAccount({ verified: true })
    const [category] = await t.db.insert(categories).values({ name: 'Ocarinas' }).returning()
    const [ocarina] = await t.db
      .insert(instruments)
      .values({
        name: 'Clay ocarina',
        brand: 'Stein',
        price: 30,
        img: '/images/x.webp',
        description: 'Twelve holes.',
        stock: 1,
        status: 'New',
        categoryId: category?.id as number,
      })
      .returning()
    const id = ocarina?.id as number
    const paid = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: 'pm_card_visa', items: [{ id, count: 1 }], userInfo: customer },
    })
    expect(paid.status).toBe(201)
    clears = 0
    for (let round = 0; round < 3; round += 1) {
      expect(
        (await t.request('POST', `/instruments/${id}/alerts`, { token: buyer.token })).status,
      ).toBeLessThan(300)
      expect(
        (await t.request('DELETE', `/instruments/${id}/alerts`, { token: buyer.token })).status,
      ).toBe(200)
    }
    const review = await t.request('POST', '/raiting', {
      token: buyer.token,
      body: { instrumentId: id, star: 5, comment: 'Sweet tone, stays in tune, a joy to play.' },
    })
    expect(review.status).toBeLessThan(300)
    expect(clears).toBe(0)
    // The admin's restock is a catalogue write.
    const restock = await t.request('PUT', '/instruments', {
      token: admin.token,
      body: { id, stock: 4 },
    })
    expect(restock.status).toBe(200)
    expect(clears).toBe(1)
  })

  it('keeps the storefront pages on HEAD, GET, OPTIONS, a login and a favourite', async () => {
    const user = await t.makeAccount()
    clears = 0
    await t.request('HEAD', '/instruments?page=1')
    await t.request('GET', '/instruments?page=1')
    await t.request('OPTIONS', '/instruments')
    expect(
      (
        await t.request('POST', '/auth/login', {
          body: { userName: user.userName, password: user.password },
        })
      ).status,
    ).toBe(200)
    await t.request('POST', '/trolley', { body: { id: 1 }, token: user.token })
    expect(clears).toBe(0)
  })

  it('drops them after a write that changes the catalogue', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    clears = 0
    const res = await t.request('POST', '/category', {
      body: { name: 'Theremins' },
      token: admin.token,
    })
    expect(res.status).toBe(201)
    expect(clears).toBe(1)
  })
})

describe('health and readiness', () => {
  it('answers /health, and /ready once every migration is applied', async () => {
    const t = await createTestApi()
    try {
      expect(await t.request('GET', '/health')).toMatchObject({ status: 200 })
      const ready = await t.request('GET', '/ready')
      expect(ready).toMatchObject({ status: 200, body: { ok: 'Ready' } })
    } finally {
      await t.close()
    }
  })

  it('answers /ready 503 when a migration is missing', async () => {
    const t = await createTestApi()
    try {
      await t.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
      )
      const ready = await t.request('GET', '/ready')
      expect(ready.status).toBe(503)
      expect(ready.body.error).toMatch(/migrations/)
    } finally {
      await t.close()
    }
  })
})
