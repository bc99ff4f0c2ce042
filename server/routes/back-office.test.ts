import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminInstrumentPage,
  adminSalePage,
  adminUserPage,
  salesSummary,
} from '../../contract/back-office'
import { sale } from '../../contract/sales'
import { saleItems, sales } from '../db/schema/sales'
import { customerColumns } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory, stockInstrument } from '../test/payment-kit'

describe('the back office tables, paged on the server (docs/product.md §4)', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>
  let shopper: Awaited<ReturnType<typeof t.makeAccount>>
  let category = 0
  const get = (path: string) => t.request('GET', path, { token: admin.token })

  beforeAll(async () => {
    t = await createTestApi()
    admin = await t.makeAccount({ rol: 'admin' })
    shopper = await t.makeAccount({ userName: 'Lucia.M' })
    await t.makeAccount({ userName: 'marco88' })
    category = await addCategory(t.db, 'Guitars')
    for (let n = 1; n <= 30; n++) {
      await stockInstrument(t.db, {
        name: `Fender Strat #${n}`,
        price: 100 + n,
        stock: n === 1 ? 0 : n,
        categoryId: category,
      })
    }
    await stockInstrument(t.db, {
      name: '100% Maple Bass',
      price: 5,
      stock: 9,
      categoryId: category,
    })
    await stockInstrument(t.db, {
      name: 'Yamaha Piano',
      price: 900,
      stock: 12,
      categoryId: category,
      lowStockThreshold: 20,
    })
    const [paid, shipped, failed] = await t.db
      .insert(sales)
      .values([
        {
          status: 'succeeded',
          cost: 300,
          ...customerColumns,
          createdAt: new Date('2026-11-01T10:00:00Z'),
        },
        {
          status: 'succeeded',
          fulfilment: 'shipped',
          cost: 50.5,
          refundedCents: 550,
          ...customerColumns,
          createdAt: new Date('2026-11-03T10:00:00Z'),
        },
        {
          status: 'failed',
          cost: 999,
          ...customerColumns,
          createdAt: new Date('2026-11-05T10:00:00Z'),
        },
      ])
      .returning()
    const line = { brand: 'Fender', img: '/x.webp' }
    await t.db.insert(saleItems).values([
      { saleId: paid?.id ?? 0, name: 'Fender Strat #2', price: 100, count: 3, ...line },
      { saleId: shipped?.id ?? 0, name: 'Yamaha Piano', price: 50.5, count: 1, ...line },
      { saleId: failed?.id ?? 0, name: 'Fender Strat #2', price: 999, count: 9, ...line },
    ])
  })
  afterAll(() => t.close())

  it('answer admins only', async () => {
    for (const path of [
      '/admin/instruments',
      '/admin/users',
      '/admin/sales',
      '/admin/sales/summary',
    ]) {
      expect((await t.request('GET', path)).status).toBe(401)
      expect((await t.request('GET', path, { token: shopper.token })).status).toBe(403)
    }
  })

  it('page the instruments, 25 at a time, counting all of them', async () => {
    const first = await get('/admin/instruments')
    expect(first.status).toBe(200)
    const page = adminInstrumentPage.parse(first.body)
    expect(page).toMatchObject({ total: 32, all: 32, page: 1, pages: 2, pageSize: 25 })
    expect(page.items).toHaveLength(25)
    expect(page.items[0]).not.toHaveProperty('description')
    const second = adminInstrumentPage.parse((await get('/admin/instruments?page=2')).body)
    expect(second.items.map((i) => i.name)).toEqual([
      'Fender Strat #26',
      'Fender Strat #27',
      'Fender Strat #28',
      'Fender Strat #29',
      'Fender Strat #30',
      '100% Maple Bass',
      'Yamaha Piano',
    ])
  })

  it('search a case-insensitive substring of the name, % and _ as letters', async () => {
    const strat = adminInstrumentPage.parse((await get('/admin/instruments?q=sTrAt%20%233')).body)
    expect(strat.items.map((i) => i.name)).toEqual(['Fender Strat #3', 'Fender Strat #30'])
    expect(strat).toMatchObject({ total: 2, all: 32 })
    const percent = adminInstrumentPage.parse((await get('/admin/instruments?q=0%25')).body)
    expect(percent.items.map((i) => i.name)).toEqual(['100% Maple Bass'])
    const none = adminInstrumentPage.parse((await get('/admin/instruments?q=_')).body)
    expect(none.total).toBe(0)
  })

  it('sort by a column either way', async () => {
    const byStock = adminInstrumentPage.parse(
      (await get('/admin/instruments?sort=stock&dir=desc')).body,
    )
    expect(byStock.items.slice(0, 2).map((i) => i.stock)).toEqual([30, 29])
    const byName = adminInstrumentPage.parse((await get('/admin/instruments?sort=name')).body)
    expect(byName.items[0]?.name).toBe('100% Maple Bass')
  })

  it('refuse a bad query naming the field', async () => {
    const res = await get('/admin/instruments?sort=price')
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('sort')
    expect((await get('/admin/instruments?stock=some')).body.field).toBe('stock')
    expect((await get('/admin/sales?status=lost')).body.field).toBe('status')
  })

  it("tell each instrument's stock level: its own threshold, else the shop's default", async () => {
    expect((await get('/admin/settings/stock')).body).toEqual({ lowStockThreshold: 5 })
    const low = adminInstrumentPage.parse((await get('/admin/instruments?stock=low')).body)
    expect(low.items.map((i) => [i.name, i.stock, i.threshold, i.stockLevel])).toEqual([
      ['Fender Strat #2', 2, 5, 'low'],
      ['Fender Strat #3', 3, 5, 'low'],
      ['Fender Strat #4', 4, 5, 'low'],
      ['Fender Strat #5', 5, 5, 'low'],
      ['Yamaha Piano', 12, 20, 'low'],
    ])
    const out = adminInstrumentPage.parse((await get('/admin/instruments?stock=out')).body)
    expect(out.items.map((i) => [i.name, i.stockLevel])).toEqual([['Fender Strat #1', 'out']])
    const both = adminInstrumentPage.parse((await get('/admin/instruments?stock=low-or-out')).body)
    expect(both.total).toBe(6)
    const strat2 = adminInstrumentPage.parse((await get('/admin/instruments?q=Strat%20%232')).body)
    expect(strat2.items[0]).toMatchObject({ lowStockThreshold: null, stockLevel: 'low' })
    expect(strat2.items.find((i) => i.name === 'Fender Strat #20')?.stockLevel).toBe('ok')
  })

  it("change the shop's default threshold; an instrument's own one still wins", async () => {
    const bad = await t.request('PUT', '/admin/settings/stock', {
      token: admin.token,
      body: { lowStockThreshold: -1 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('lowStockThreshold')
    const saved = await t.request('PUT', '/admin/settings/stock', {
      token: admin.token,
      body: { lowStockThreshold: 10 },
    })
    expect(saved.status).toBe(200)
    const low = adminInstrumentPage.parse((await get('/admin/instruments?stock=low')).body)
    expect(low.total).toBe(11)
    expect(low.items.find((i) => i.name === 'Yamaha Piano')?.threshold).toBe(20)
    await t.request('PUT', '/admin/settings/stock', {
      token: admin.token,
      body: { lowStockThreshold: 5 },
    })
  })

  it('set, clear and refuse an instrument threshold through the spec routes', async () => {
    const created = await t.request('POST', '/instruments', {
      token: admin.token,
      body: {
        name: 'Thresholded Drum',
        brand: 'Pearl',
        price: 10,
        img: '/d.webp',
        description: 'A drum.',
        stock: 3,
        status: 'New',
        category,
        lowStockThreshold: 2,
      },
    })
    expect(created.status).toBe(201)
    const id = created.body.instrument.id
    const row = async () =>
      adminInstrumentPage.parse((await get('/admin/instruments?q=Thresholded')).body).items[0]
    expect(await row()).toMatchObject({ lowStockThreshold: 2, stockLevel: 'ok' })
    const cleared = await t.request('PUT', '/instruments', {
      token: admin.token,
      body: { id, lowStockThreshold: '' },
    })
    expect(cleared.status).toBe(200)
    expect(await row()).toMatchObject({ lowStockThreshold: null, threshold: 5, stockLevel: 'low' })
    const refused = await t.request('PUT', '/instruments', {
      token: admin.token,
      body: { id, lowStockThreshold: 1.5 },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.field).toBe('lowStockThreshold')
    await t.request('DELETE', '/instruments', { token: admin.token, body: { id } })
  })

  it('keep the spec list answering every instrument as before', async () => {
    const res = await get('/instruments')
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body).toHaveLength(32)
    expect(res.body[0]).toHaveProperty('description')
  })

  it('page and search the shoppers by userName', async () => {
    const all = adminUserPage.parse((await get('/admin/users')).body)
    expect(all.total).toBe(2)
    const found = adminUserPage.parse((await get('/admin/users?q=CIA.m')).body)
    expect(found.items.map((u) => u.userName)).toEqual(['Lucia.M'])
    expect(found).toMatchObject({ total: 1, all: 2 })
    expect(found.items[0]).not.toHaveProperty('passwordHash')
  })

  it("search the sales by an item's instrument name, newest first, and filter by status", async () => {
    const all = adminSalePage.parse((await get('/admin/sales')).body)
    expect(all.items.map((s) => s.status)).toEqual(['failed', 'shipped', 'succeeded'])
    expect(all.items[0]).not.toHaveProperty('instrument')
    const strat = adminSalePage.parse((await get('/admin/sales?q=strat%20%232')).body)
    expect(strat.items.map((s) => s.status)).toEqual(['failed', 'succeeded'])
    const shipped = adminSalePage.parse((await get('/admin/sales?status=shipped')).body)
    expect(shipped.items.map((s) => s.cost)).toEqual([50.5])
    const cheapest = adminSalePage.parse((await get('/admin/sales?sort=cost&dir=asc')).body)
    expect(cheapest.items[0]?.cost).toBe(50.5)
  })

  it('answer one sale with its lines for Detalles', async () => {
    const [first] = adminSalePage.parse((await get('/admin/sales?sort=id&dir=asc')).body).items
    const res = await get(`/admin/sales/${first?.id}`)
    expect(sale.parse(res.body).instrument.map((i) => i.name)).toEqual(['Fender Strat #2'])
    expect((await get('/admin/sales/999999')).status).toBe(404)
    expect((await get('/admin/sales/x')).status).toBe(400)
  })

  it('sum the paid sales net of refunds, per status and the top sellers', async () => {
    const summary = salesSummary.parse((await get('/admin/sales/summary')).body)
    expect(summary).toMatchObject({
      cashBalance: 345,
      totalShops: 2,
      soldProducts: 4,
      lastShop: '2026-11-03T10:00:00.000Z',
      all: 3,
    })
    expect(summary.byStatus).toMatchObject({ succeeded: 1, shipped: 1, failed: 1, pending: 0 })
    expect(summary.topSellers).toEqual([
      { name: 'Fender Strat #2', 'Porcentaje de venta': 75 },
      { name: 'Yamaha Piano', 'Porcentaje de venta': 25 },
    ])
  })

  it('count up to 1,000 matches, then say there are more and keep paging', async () => {
    await t.db.execute(sql`
      INSERT INTO instruments (name, brand, price, img, description, stock, status, category_id)
      SELECT 'Bulk Uke ' || g, 'Kala', 50, '/u.webp', 'A uke.', 7, 'New', ${category}
      FROM generate_series(1, 1030) AS g`)
    const first = adminInstrumentPage.parse((await get('/admin/instruments?q=bulk%20uke')).body)
    expect(first).toMatchObject({ total: 1000, totalCapped: true, pages: 40 })
    const past = adminInstrumentPage.parse(
      (await get('/admin/instruments?q=bulk%20uke&page=42')).body,
    )
    expect(past.items.map((i) => i.name)).toEqual(
      Array.from({ length: 5 }, (_, n) => `Bulk Uke ${1026 + n}`),
    )
    const few = adminInstrumentPage.parse((await get('/admin/instruments?q=strat%20%2330')).body)
    expect(few).toMatchObject({ total: 1, totalCapped: false, pages: 1 })
    await t.db.execute(sql`DELETE FROM instruments WHERE name LIKE 'Bulk Uke %'`)
  })

  it('keep a page of 25 instruments at every field’s longest under 200 KB', async () => {
    const long = (n: number, ch = 'é') => ch.repeat(n)
    const wide = await addCategory(t.db, long(100, 'ü'))
    for (let n = 0; n < 25; n++) {
      await stockInstrument(t.db, {
        name: long(99) + String.fromCharCode(65 + n),
        brand: long(100),
        img: long(2048, '"'),
        description: long(5000),
        price: 1,
        stock: 1,
        categoryId: wide,
      })
    }
    const res = await t.api.request('/admin/instruments?q=%C3%A9%C3%A9%C3%A9', {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
    const bytes = (await res.arrayBuffer()).byteLength
    expect(bytes).toBeGreaterThan(25 * 2048)
    expect(bytes).toBeLessThan(200 * 1024)
  })
})
