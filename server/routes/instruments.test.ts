import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { instrument, instrumentDetail, instrumentPage } from '../../contract/catalog'
import { accounts } from '../db/schema/accounts'
import { categories, favourites, instruments, reviews } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: { id: number; token: string }
let user: { id: number; token: string }
const cat: Record<string, number> = {}
const ids: Record<string, number> = {}

const base = { img: '/images/x.svg', description: 'A test instrument.', stock: 3 }

beforeAll(async () => {
  t = await createTestApi()
  admin = await t.makeAccount({ rol: 'admin' })
  user = await t.makeAccount()
  const cats = await t.db
    .insert(categories)
    .values([
      { name: 'Guitars' },
      { name: 'Drums' },
      { name: 'Hidden', isBanned: true },
      { name: 'Empty' },
    ])
    .returning()
  for (const c of cats) cat[c.name] = c.id
  const rows = await t.db
    .insert(instruments)
    .values([
      {
        ...base,
        name: 'Fender Stratocaster',
        brand: 'Fender',
        price: 799.99,
        status: 'New',
        categoryId: cat.Guitars as number,
      },
      {
        ...base,
        name: 'gibson Les Paul',
        brand: 'Gibson',
        price: 2499,
        status: 'Used',
        categoryId: cat.Guitars as number,
      },
      {
        ...base,
        name: 'Pearl Export',
        brand: 'Pearl',
        price: 649.5,
        status: 'New',
        categoryId: cat.Drums as number,
      },
      {
        ...base,
        name: 'Banned Ukulele',
        brand: 'Kala',
        price: 59,
        status: 'New',
        categoryId: cat.Guitars as number,
        isBanned: true,
      },
      {
        ...base,
        name: 'Theremin 50%_off',
        brand: 'Moog',
        price: 10,
        status: 'Used',
        categoryId: cat.Hidden as number,
      },
    ])
    .returning()
  for (const r of rows) ids[r.name] = r.id
})
afterAll(() => t.close())

const names = (items: { name: string }[]) => items.map((i) => i.name)

describe('GET /instruments (whole list and search)', () => {
  it('answers shoppers and visitors only the instruments they may see', async () => {
    for (const token of [undefined, user.token, 'not-a-token']) {
      const res = await t.request('GET', '/instruments', { token })
      expect(res.status).toBe(200)
      expect(names(res.body)).toEqual(['Fender Stratocaster', 'gibson Les Paul', 'Pearl Export'])
    }
    const search = await t.request('GET', '/instruments?name=ukulele', { token: user.token })
    expect(search.body).toEqual([])
  })

  it('treats an ended or banned admin token like a visitor', async () => {
    const ended = await t.makeAccount({ rol: 'admin' })
    await t.db
      .update(accounts)
      .set({ tokenVersion: ended.tokenVersion + 1 })
      .where(eq(accounts.id, ended.id))
    const banned = await t.makeAccount({ rol: 'banned', kind: 'admin' })
    for (const token of [ended.token, banned.token]) {
      const res = await t.request('GET', '/instruments', { token })
      expect(res.status).toBe(200)
      expect(res.body).toHaveLength(3)
    }
  })

  it('answers an admin every instrument, bans included, with its category object', async () => {
    const res = await t.request('GET', '/instruments', { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(5)
    for (const item of res.body) instrument.parse(item)
    const hidden = res.body.find((i: { name: string }) => i.name.startsWith('Theremin'))
    expect(hidden.category).toEqual({ id: cat.Hidden, name: 'Hidden', isBanned: true })
    expect(hidden.categoryName).toBe('Hidden')
    expect(res.body.find((i: { name: string }) => i.name === 'Banned Ukulele').isBanned).toBe(true)
  })

  it('searches by a case-insensitive part of the name, flags included', async () => {
    const res = await t.request('GET', '/instruments?name=GIBSON')
    expect(names(res.body)).toEqual(['gibson Les Paul'])
    const banned = await t.request('GET', '/instruments?name=ukulele', { token: admin.token })
    expect(banned.body[0].isBanned).toBe(true)
  })

  it('takes % and _ in a search literally', async () => {
    const token = admin.token
    expect(names((await t.request('GET', '/instruments?name=50%25_', { token })).body)).toEqual([
      'Theremin 50%_off',
    ])
    expect((await t.request('GET', '/instruments?name=%25', { token })).body).toHaveLength(1)
  })
})

describe('GET /instruments?page= (storefront pages)', () => {
  it('answers only visible instruments with total and pages', async () => {
    const res = await t.request('GET', '/instruments?page=1')
    expect(res.status).toBe(200)
    instrumentPage.parse(res.body)
    expect(names(res.body.items)).toEqual([
      'Fender Stratocaster',
      'gibson Les Paul',
      'Pearl Export',
    ])
    expect(res.body).toMatchObject({ total: 3, page: 1, pages: 1 })
  })

  it('pages with limit, and a page beyond the end is empty with the right counts', async () => {
    const second = await t.request('GET', '/instruments?page=2&limit=2')
    expect(names(second.body.items)).toEqual(['Pearl Export'])
    expect(second.body).toMatchObject({ total: 3, page: 2, pages: 2 })
    const beyond = await t.request('GET', '/instruments?page=9&limit=2')
    expect(beyond.body).toEqual({ items: [], total: 3, page: 9, pages: 2 })
  })

  it('falls back on bad values and caps the limit at 100', async () => {
    const res = await t.request('GET', '/instruments?page=abc&limit=1000&sort=sideways')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ page: 1, pages: 1, total: 3 })
    expect(names(res.body.items)[0]).toBe('Fender Stratocaster')
    const zero = await t.request('GET', '/instruments?page=0&limit=-5')
    expect(zero.body).toMatchObject({ page: 1, total: 3 })
  })

  it.each([
    ['default', ['Fender Stratocaster', 'gibson Les Paul', 'Pearl Export']],
    ['asce', ['Fender Stratocaster', 'gibson Les Paul', 'Pearl Export']],
    ['desce', ['Pearl Export', 'gibson Les Paul', 'Fender Stratocaster']],
    ['low-price', ['Pearl Export', 'Fender Stratocaster', 'gibson Les Paul']],
    ['high-price', ['gibson Les Paul', 'Fender Stratocaster', 'Pearl Export']],
  ])('sorts %s', async (sort, expected) => {
    const res = await t.request('GET', `/instruments?page=1&sort=${sort}`)
    expect(names(res.body.items)).toEqual(expected)
  })

  it('filters by category name (any case) and by name', async () => {
    const drums = await t.request('GET', '/instruments?page=1&category=drums')
    expect(names(drums.body.items)).toEqual(['Pearl Export'])
    const all = await t.request('GET', '/instruments?page=1&category=All')
    expect(all.body.total).toBe(3)
    const both = await t.request('GET', '/instruments?page=1&category=Guitars&name=strat')
    expect(names(both.body.items)).toEqual(['Fender Stratocaster'])
    expect(both.body).toMatchObject({ total: 1, pages: 1 })
  })

  it('shows nothing of a banned category, even when asked by name', async () => {
    const res = await t.request('GET', '/instruments?page=1&category=Hidden')
    expect(res.body).toEqual({ items: [], total: 0, page: 1, pages: 0 })
  })

  it("finds nothing when a search matches only hidden instruments (docs/product.md §5, 'Instrument not found')", async () => {
    for (const name of ['ukulele', 'theremin']) {
      const res = await t.request('GET', `/instruments?page=1&name=${name}`)
      expect(res.body).toEqual({ items: [], total: 0, page: 1, pages: 0 })
    }
  })

  it('shows a change in the cached whole list at once', async () => {
    const listed = async () => names((await t.request('GET', '/instruments')).body)
    expect(await listed()).toContain('Pearl Export')
    const ban = { id: ids['Pearl Export'], isBanned: true }
    expect((await t.request('PUT', '/instruments', { body: ban, token: admin.token })).status).toBe(
      200,
    )
    expect(await listed()).not.toContain('Pearl Export')
    const unban = { id: ids['Pearl Export'], isBanned: false }
    await t.request('PUT', '/instruments', { body: unban, token: admin.token })
    expect(await listed()).toContain('Pearl Export')
  })

  it('shows a change at once although pages are cached', async () => {
    const page = () => t.request('GET', '/instruments?page=1&category=Drums')
    expect(names((await page()).body.items)).toEqual(['Pearl Export'])
    const ban = { id: ids['Pearl Export'], isBanned: true }
    expect((await t.request('PUT', '/instruments', { body: ban, token: admin.token })).status).toBe(
      200,
    )
    expect((await page()).body.total).toBe(0)
    const unban = { id: ids['Pearl Export'], isBanned: false }
    await t.request('PUT', '/instruments', { body: unban, token: admin.token })
    expect(names((await page()).body.items)).toEqual(['Pearl Export'])
  })
})

describe('GET /instruments/:id', () => {
  it('answers the detail with reviews, newest first', async () => {
    const id = ids['Pearl Export'] as number
    await t.db.insert(reviews).values([
      {
        instrumentId: id,
        userName: 'old',
        saleItemId: 9001,
        star: 3,
        comment: 'older review text',
        createdAt: new Date('2024-01-01T00:00:00Z'),
      },
      {
        instrumentId: id,
        userName: 'new',
        saleItemId: 9002,
        star: 5,
        comment: 'newer review text',
        createdAt: new Date('2025-01-01T00:00:00Z'),
      },
    ])
    const res = await t.request('GET', `/instruments/${id}`)
    expect(res.status).toBe(200)
    instrumentDetail.parse(res.body)
    expect(res.body.Raitings.map((r: { userName: string }) => r.userName)).toEqual(['new', 'old'])
    expect(res.body.Raitings[0].createdAt).toBe('2025-01-01T00:00:00.000Z')
    expect(res.body.category).toEqual({ id: cat.Drums, name: 'Drums', isBanned: false })
  })

  it('answers 400 naming id for a bad id, 404 for a missing one', async () => {
    // 9999999999 is beyond PostgreSQL's integer: it must never reach the query (was a 500).
    for (const bad of ['abc', '0', '-3', '1.5', '9999999999']) {
      const res = await t.request('GET', `/instruments/${bad}`)
      expect(res.status).toBe(400)
      expect(res.body.field).toBe('id')
    }
    const missing = await t.request('GET', '/instruments/99999')
    expect(missing).toMatchObject({ status: 404, body: { error: 'Instrument not found' } })
  })

  it('hides a banned instrument or category from all but an admin', async () => {
    for (const name of ['Banned Ukulele', 'Theremin 50%_off']) {
      const path = `/instruments/${ids[name]}`
      expect((await t.request('GET', path)).status).toBe(404)
      expect((await t.request('GET', path, { token: user.token })).status).toBe(404)
      expect((await t.request('GET', path, { token: 'not-a-token' })).status).toBe(404)
      const asAdmin = await t.request('GET', path, { token: admin.token })
      expect(asAdmin.status).toBe(200)
      expect(asAdmin.body.name).toBe(name)
    }
  })
})

const newInstrument = {
  name: 'Yamaha P-45',
  brand: 'Yamaha',
  price: 449.99,
  img: '/images/instruments/yamaha-p-45.svg',
  description: 'A compact digital piano.',
  stock: 4,
  status: 'New',
}

describe('admin writes', () => {
  it('refuses without a token (401), a user (403) and a banned admin (403)', async () => {
    const banned = await t.makeAccount({ rol: 'banned', kind: 'admin' })
    const body = { ...newInstrument, category: 'Guitars' }
    expect((await t.request('POST', '/instruments', { body })).status).toBe(401)
    expect((await t.request('POST', '/instruments', { body, token: user.token })).status).toBe(403)
    expect((await t.request('POST', '/instruments', { body, token: banned.token })).status).toBe(
      403,
    )
    const put = { id: ids['Pearl Export'], stock: 0 }
    expect((await t.request('PUT', '/instruments', { body: put, token: user.token })).status).toBe(
      403,
    )
    const del = { id: ids['Pearl Export'] }
    expect((await t.request('DELETE', '/instruments', { body: del })).status).toBe(401)
    expect(
      (await t.request('DELETE', '/instruments', { body: del, token: user.token })).status,
    ).toBe(403)
  })

  it('creates with the category by name or id, the caller as adminId', async () => {
    const byName = await t.request('POST', '/instruments', {
      body: { ...newInstrument, category: 'guitars' },
      token: admin.token,
    })
    expect(byName.status).toBe(201)
    expect(byName.body.ok).toBe('Instrument created successfully')
    instrument.parse(byName.body.instrument)
    expect(byName.body.instrument).toMatchObject({
      categoryId: cat.Guitars,
      adminId: admin.id,
      price: 449.99,
      isBanned: false,
      raiting: 0,
    })
    const byId = await t.request('POST', '/instruments', {
      body: { ...newInstrument, category: cat.Drums },
      token: admin.token,
    })
    expect(byId.body.instrument.categoryName).toBe('Drums')
    const byIdText = await t.request('POST', '/instruments', {
      body: { ...newInstrument, category: String(cat.Empty) },
      token: admin.token,
    })
    expect(byIdText.body.instrument.categoryName).toBe('Empty')
  })

  it('answers 400 naming the field for bad input or an unknown category', async () => {
    const unknown = await t.request('POST', '/instruments', {
      body: { ...newInstrument, category: 'Theremins' },
      token: admin.token,
    })
    expect(unknown).toMatchObject({ status: 400, body: { field: 'category' } })
    // Ids no category can have: refused, never read as "any category".
    for (const category of [3_000_000_000, 0, '0']) {
      const res = await t.request('POST', '/instruments', {
        body: { ...newInstrument, category },
        token: admin.token,
      })
      expect(res, String(category)).toMatchObject({ status: 400, body: { field: 'category' } })
    }
    const moved = await t.request('PUT', '/instruments', {
      body: { id: ids['Pearl Export'], category: 3_000_000_000 },
      token: admin.token,
    })
    expect(moved).toMatchObject({ status: 400, body: { field: 'category' } })
    for (const [field, value] of [
      ['name', ''],
      ['price', -1],
      ['status', 'Broken'],
      ['stock', 1.5],
    ]) {
      const res = await t.request('POST', '/instruments', {
        body: { ...newInstrument, category: 'Guitars', [field as string]: value },
        token: admin.token,
      })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe(field)
    }
    // A blank price or stock is missing, not 0.
    for (const [field, value] of [
      ['price', ''],
      ['price', null],
      ['stock', ''],
      ['stock', null],
    ]) {
      const res = await t.request('POST', '/instruments', {
        body: { ...newInstrument, category: 'Guitars', [field as string]: value },
        token: admin.token,
      })
      expect(res.status, `${field}: ${value}`).toBe(400)
      expect(res.body).toEqual({ error: `${field}: Required`, field })
    }
    const blankUpdate = await t.request('PUT', '/instruments', {
      body: { id: ids['Pearl Export'], price: '' },
      token: admin.token,
    })
    expect(blankUpdate).toMatchObject({ status: 400, body: { field: 'price' } })
    const noCategory = await t.request('POST', '/instruments', {
      body: newInstrument,
      token: admin.token,
    })
    expect(noCategory.body.field).toBe('category')
  })

  it('updates part of an instrument, isBanned as text or boolean', async () => {
    const id = ids['Fender Stratocaster']
    const res = await t.request('PUT', '/instruments', {
      body: { id, price: 749, isBanned: 'true', category: 'Drums' },
      token: admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.ok).toBe('Instrument updated successfully')
    expect(res.body.instrument).toMatchObject({
      price: 749,
      isBanned: true,
      categoryName: 'Drums',
      name: 'Fender Stratocaster',
    })
    const back = await t.request('PUT', '/instruments', {
      body: { id, isBanned: false, categoryId: cat.Guitars },
      token: admin.token,
    })
    expect(back.body.instrument).toMatchObject({ isBanned: false, categoryName: 'Guitars' })
    const missing = await t.request('PUT', '/instruments', {
      body: { id: 99999, stock: 1 },
      token: admin.token,
    })
    expect(missing.status).toBe(404)
    const bad = await t.request('PUT', '/instruments', { body: { stock: 1 }, token: admin.token })
    expect(bad).toMatchObject({ status: 400, body: { field: 'id' } })
  })

  it('deletes an instrument, its reviews and favourites, keeping the sale lines', async () => {
    const [victim] = await t.db
      .insert(instruments)
      .values({
        ...base,
        name: 'Doomed Drum',
        brand: 'Tama',
        price: 99.5,
        status: 'Used',
        categoryId: cat.Drums as number,
      })
      .returning()
    const id = victim?.id as number
    const [sale] = await t.db
      .insert(sales)
      .values({
        status: 'succeeded',
        cost: 99.5,
        userId: user.id,
        paymentId: 'pi_1',
        cusName: 'a',
        cusEmail: 'a@b.co',
        cusPhone: '1234567890',
        cusAddress: 'a',
        cusCity: 'a',
        cusCountry: 'a',
        cusZip: '1',
      })
      .returning()
    const [line] = await t.db
      .insert(saleItems)
      .values({
        saleId: sale?.id as number,
        instrumentId: id,
        name: 'Doomed Drum',
        brand: 'Tama',
        img: base.img,
        price: 99.5,
        count: 1,
      })
      .returning()
    await t.db.insert(reviews).values({
      instrumentId: id,
      userName: 'x',
      saleItemId: line?.id as number,
      star: 4,
      comment: 'c'.repeat(30),
    })
    await t.db.insert(favourites).values({ userId: user.id, instrumentId: id })

    const res = await t.request('DELETE', '/instruments', { body: { id }, token: admin.token })
    expect(res).toMatchObject({ status: 200, body: { ok: 'El instrumento ha sido eliminado' } })
    const [kept] = await t.db
      .select()
      .from(saleItems)
      .where(eq(saleItems.id, line?.id as number))
    expect(kept).toMatchObject({ instrumentId: null, name: 'Doomed Drum', price: 99.5 })
    expect(await t.db.select().from(reviews).where(eq(reviews.instrumentId, id))).toHaveLength(0)
    expect(
      await t.db.select().from(favourites).where(eq(favourites.instrumentId, id)),
    ).toHaveLength(0)
    const again = await t.request('DELETE', '/instruments', { body: { id }, token: admin.token })
    expect(again.status).toBe(404)
    const bad = await t.request('DELETE', '/instruments', { body: { id: 'x' }, token: admin.token })
    expect(bad).toMatchObject({ status: 400, body: { field: 'id' } })
  })
})
