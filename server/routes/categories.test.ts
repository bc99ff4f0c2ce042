import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { category } from '../../contract/catalog'
import { categories, instruments } from '../db/schema/catalog'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: { token: string }
let user: { token: string }
let guitars: number

beforeAll(async () => {
  t = await createTestApi()
  admin = await t.makeAccount({ rol: 'admin' })
  user = await t.makeAccount()
  const [row] = await t.db.insert(categories).values({ name: 'Guitars' }).returning()
  guitars = row?.id as number
  await t.db.insert(categories).values({ name: 'Hidden', isBanned: true })
  await t.db.insert(instruments).values({
    name: 'Fender Stratocaster',
    brand: 'Fender',
    price: 799.99,
    img: '/x.svg',
    description: 'd',
    stock: 1,
    status: 'New',
    categoryId: guitars,
  })
})
afterAll(() => t.close())

describe('categories', () => {
  it('lists every category, banned ones included', async () => {
    const res = await t.request('GET', '/category/all')
    expect(res.status).toBe(200)
    for (const c of res.body) category.parse(c)
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Guitars', 'Hidden'])
    expect(res.body[1].isBanned).toBe(true)
  })

  it('lists for the storefront filter only the categories that are not banned (docs/product.md §5)', async () => {
    const res = await t.request('GET', '/category')
    expect(res.status).toBe(200)
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Guitars'])
  })

  it('lets only admins write', async () => {
    const banned = await t.makeAccount({ rol: 'banned' })
    expect((await t.request('POST', '/category', { body: { name: 'Wind' } })).status).toBe(401)
    for (const token of [user.token, banned.token]) {
      expect((await t.request('POST', '/category', { body: { name: 'Wind' }, token })).status).toBe(
        403,
      )
      expect(
        (
          await t.request('PUT', '/category', {
            body: { id: guitars, name: 'G', isBanned: false },
            token,
          })
        ).status,
      ).toBe(403)
      expect(
        (await t.request('DELETE', '/category', { body: { id: guitars }, token })).status,
      ).toBe(403)
    }
  })

  it('creates a category and refuses a duplicate in any case', async () => {
    const res = await t.request('POST', '/category', { body: { name: 'Wind' }, token: admin.token })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      ok: 'Category created successfully',
      category: { name: 'Wind', isBanned: false },
    })
    const dup = await t.request('POST', '/category', {
      body: { name: ' wind ' },
      token: admin.token,
    })
    expect(dup).toMatchObject({ status: 400, body: { field: 'name' } })
    const empty = await t.request('POST', '/category', { body: { name: '  ' }, token: admin.token })
    expect(empty).toMatchObject({ status: 400, body: { field: 'name', error: 'name: Required' } })
  })

  it('renames and bans a category', async () => {
    const res = await t.request('PUT', '/category', {
      body: { id: guitars, name: 'Guitars & Ukes', isBanned: 'true' },
      token: admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.category).toEqual({ id: guitars, name: 'Guitars & Ukes', isBanned: true })
    const same = await t.request('PUT', '/category', {
      body: { id: guitars, name: 'guitars & ukes', isBanned: false },
      token: admin.token,
    })
    expect(same.body.category.isBanned).toBe(false)
    const taken = await t.request('PUT', '/category', {
      body: { id: guitars, name: 'HIDDEN', isBanned: false },
      token: admin.token,
    })
    expect(taken).toMatchObject({ status: 400, body: { field: 'name' } })
    const missing = await t.request('PUT', '/category', {
      body: { id: 9999, name: 'Nope', isBanned: false },
      token: admin.token,
    })
    expect(missing.status).toBe(404)
  })

  it('deletes only a category without instruments', async () => {
    const used = await t.request('DELETE', '/category', {
      body: { id: guitars },
      token: admin.token,
    })
    expect(used).toMatchObject({
      status: 400,
      body: { error: 'This category still has instruments' },
    })
    const [wind] = (await t.request('GET', '/category/all')).body.filter(
      (c: { name: string }) => c.name === 'Wind',
    )
    const res = await t.request('DELETE', '/category', {
      body: { id: wind.id },
      token: admin.token,
    })
    expect(res).toMatchObject({ status: 200, body: { ok: 'Se ha eliminado una Category' } })
    const again = await t.request('DELETE', '/category', {
      body: { id: wind.id },
      token: admin.token,
    })
    expect(again.status).toBe(404)
  })
})
