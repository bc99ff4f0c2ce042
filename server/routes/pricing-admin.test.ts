import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../db/schema/audit'
import { discountCodeUses } from '../db/schema/pricing'
import { sales } from '../db/schema/sales'
import { customerColumns } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory } from '../test/payment-kit'

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: string
let shopper: string
let shopperId: number
beforeAll(async () => {
  t = await createTestApi()
  admin = (await t.makeAccount({ rol: 'admin' })).token
  const account = await t.makeAccount()
  shopper = account.token
  shopperId = account.id
})
afterAll(() => t.close())

const europe = {
  name: 'Europe',
  countries: ['Spain', 'France'],
  methods: [
    { name: 'Standard', price: 12.1, freeOver: 500, days: 5 },
    { name: 'Express', price: 24.2, days: 1 },
  ],
}

const auditKinds = async (entity: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.entity, entity))).map((e) => e.kind)

describe('who may change pricing', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/admin/shipping-zones'],
    ['POST', '/admin/shipping-zones', europe],
    ['PUT', '/admin/shipping-zones/1', europe],
    ['DELETE', '/admin/shipping-zones/1'],
    ['GET', '/admin/tax'],
    ['PUT', '/admin/tax', { pricesIncludeTax: true, rates: [] }],
    ['GET', '/admin/discount-codes'],
    ['POST', '/admin/discount-codes', { code: 'X', kind: 'percent', value: 5 }],
    ['PUT', '/admin/discount-codes/1', { code: 'X', kind: 'percent', value: 5 }],
    ['DELETE', '/admin/discount-codes/1'],
  ]

  it('is refused to shoppers (403) and to nobody (401), and they change nothing', async () => {
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { body, token: shopper })).status, path).toBe(403)
      expect((await t.request(method, path, { body })).status, path).toBe(401)
    }
    expect((await t.request('GET', '/admin/shipping-zones', { token: admin })).body).toEqual([])
    expect((await t.request('GET', '/admin/discount-codes', { token: admin })).body).toEqual([])
  })
})

describe('shipping zones', () => {
  it('are created, listed, edited keeping method ids, and deleted, each change audited', async () => {
    const created = await t.request('POST', '/admin/shipping-zones', { token: admin, body: europe })
    expect(created.status).toBe(201)
    const zone = created.body.zone
    expect(zone).toMatchObject({
      name: 'Europe',
      countries: ['France', 'Spain'],
      coversRest: false,
    })
    expect(zone.active).toBe(true)
    expect(zone.methods).toMatchObject([
      { name: 'Standard', price: 12.1, freeOver: 500, days: 5 },
      { name: 'Express', price: 24.2, freeOver: null, days: 1 },
    ])
    const [standard] = zone.methods
    const edited = await t.request('PUT', `/admin/shipping-zones/${zone.id}`, {
      token: admin,
      body: {
        ...europe,
        countries: ['Spain', 'Portugal'],
        methods: [{ ...standard, price: 9.9 }],
      },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.zone.countries).toEqual(['Portugal', 'Spain'])
    expect(edited.body.zone.methods).toEqual([{ ...standard, price: 9.9 }])
    const listed = await t.request('GET', '/admin/shipping-zones', { token: admin })
    expect(listed.body).toEqual([edited.body.zone])

    const gone = await t.request('DELETE', `/admin/shipping-zones/${zone.id}`, { token: admin })
    expect(gone.body).toEqual({ ok: 'Shipping zone deleted', id: zone.id })
    const again = await t.request('DELETE', `/admin/shipping-zones/${zone.id}`, { token: admin })
    expect(again.status).toBe(404)
    expect(await auditKinds('zone')).toEqual(['zone.create', 'zone.update', 'zone.delete'])
  })

  it('refuses bad input with a 400 naming the field, and keeps nothing of it', async () => {
    const post = (body: unknown) =>
      t.request('POST', '/admin/shipping-zones', { token: admin, body })
    const bad: [unknown, string][] = [
      [{ ...europe, name: '' }, 'name'],
      [{ ...europe, methods: [] }, 'methods'],
      [{ ...europe, methods: [{ name: 'Cheap', price: -1 }] }, 'methods.0.price'],
      [{ ...europe, methods: [{ name: 'Odd', price: 1.234 }] }, 'methods.0.price'],
      [{ ...europe, methods: [{ name: 'Slow', price: 1, days: 1.5 }] }, 'methods.0.days'],
      [{ ...europe, countries: ['Spain', 'spain'] }, 'countries.1'],
      [{ ...europe, countries: ['x'.repeat(101)] }, 'countries.0'],
    ]
    for (const [body, field] of bad) {
      const res = await post(body)
      expect(res.status, field).toBe(400)
      expect(res.body.field, JSON.stringify(res.body)).toBe(field)
    }
    expect((await post({ ...europe, name: 'World', countries: [], coversRest: true })).status).toBe(
      201,
    )
    expect((await post(europe)).status).toBe(201)
    const taken = await post({ ...europe, name: 'Iberia', countries: ['SPAIN'] })
    expect(taken.body).toEqual({
      error: 'countries: Spain is already in Europe',
      field: 'countries',
    })
    const rest = await post({ ...europe, name: 'Elsewhere', countries: [], coversRest: true })
    expect(rest.body.field).toBe('coversRest')
    const sameName = await post({ ...europe, name: 'europe', countries: ['Italy'] })
    expect(sameName.body.field).toBe('name')
    const zones = (await t.request('GET', '/admin/shipping-zones', { token: admin })).body
    expect(zones.map((z: { name: string }) => z.name)).toEqual(['Europe', 'World'])

    const europeId = zones[0].id
    const foreignMethod = zones[1].methods[0].id
    const put = await t.request('PUT', `/admin/shipping-zones/${europeId}`, {
      token: admin,
      body: { ...europe, methods: [{ id: foreignMethod, name: 'Mine', price: 1 }] },
    })
    expect(put.body.field).toBe('methods.0.id')
    const missing = await t.request('PUT', '/admin/shipping-zones/999999', {
      token: admin,
      body: europe,
    })
    expect(missing.status).toBe(404)
    const badId = await t.request('DELETE', '/admin/shipping-zones/abc', { token: admin })
    expect(badId.body.field).toBe('id')
  })
})

describe('tax settings', () => {
  it('default to prices including tax and no rates, and are replaced whole, audited', async () => {
    expect((await t.request('GET', '/admin/tax', { token: admin })).body).toEqual({
      pricesIncludeTax: true,
      rates: [],
    })
    const settings = {
      pricesIncludeTax: false,
      rates: [
        { country: 'Spain', rate: 21 },
        { country: 'France', rate: 5.5 },
      ],
    }
    const saved = await t.request('PUT', '/admin/tax', { token: admin, body: settings })
    expect(saved.status).toBe(200)
    const read = (await t.request('GET', '/admin/tax', { token: admin })).body
    expect(read).toEqual({ pricesIncludeTax: false, rates: [settings.rates[1], settings.rates[0]] })
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, 'tax'))
    expect(audit.map((e) => e.kind)).toEqual(['setting.update'])
    expect(audit[0]?.after).toMatchObject({ pricesIncludeTax: false })
  })

  it('refuses a rate out of range, with three decimals, or a country twice', async () => {
    const put = (rates: unknown) =>
      t.request('PUT', '/admin/tax', { token: admin, body: { pricesIncludeTax: true, rates } })
    expect((await put([{ country: 'Spain', rate: 101 }])).body.field).toBe('rates.0.rate')
    expect((await put([{ country: 'Spain', rate: 2.125 }])).body.field).toBe('rates.0.rate')
    expect((await put([{ country: '', rate: 2 }])).body.field).toBe('rates.0.country')
    const twice = await put([
      { country: 'Spain', rate: 21 },
      { country: 'SPAIN', rate: 10 },
    ])
    expect(twice.body).toEqual({
      error: 'rates.1.country: SPAIN is listed twice',
      field: 'rates.1.country',
    })
    expect((await t.request('GET', '/admin/tax', { token: admin })).body.rates).toHaveLength(2)
  })
})

describe('discount codes', () => {
  let strings: number
  beforeAll(async () => {
    strings = await addCategory(t.db, 'Strings')
  })
  const code = {
    code: 'Spring10',
    kind: 'percent',
    value: 10,
    minSubtotal: 50,
    startsAt: '2026-03-01T00:00:00.000Z',
    endsAt: '2026-06-01T00:00:00.000Z',
    maxUses: 100,
    maxUsesPerShopper: 1,
  }

  it('are created, listed with their uses, edited and deleted, each change audited', async () => {
    const created = await t.request('POST', '/admin/discount-codes', {
      token: admin,
      body: { ...code, categoryIds: [strings] },
    })
    expect(created.status).toBe(201)
    const id = created.body.discountCode.id
    expect(created.body.discountCode).toEqual({
      ...code,
      id,
      categoryIds: [strings],
      active: true,
      uses: 0,
    })
    // A use held by a payment under way counts as a use.
    const [sale] = await t.db
      .insert(sales)
      .values({ ...customerColumns, status: 'pending', cost: 9, userId: shopperId })
      .returning()
    await t.db
      .insert(discountCodeUses)
      .values({ codeId: id, accountId: shopperId, saleId: sale?.id ?? 0, state: 'held' })
    const listed = await t.request('GET', '/admin/discount-codes', { token: admin })
    expect(listed.body).toMatchObject([{ id, code: 'Spring10', uses: 1 }])

    const edited = await t.request('PUT', `/admin/discount-codes/${id}`, {
      token: admin,
      body: { ...code, kind: 'amount', value: 15.5, active: false },
    })
    expect(edited.body.discountCode).toMatchObject({
      kind: 'amount',
      value: 15.5,
      active: false,
      categoryIds: [],
      uses: 1,
    })
    const gone = await t.request('DELETE', `/admin/discount-codes/${id}`, { token: admin })
    expect(gone.status).toBe(200)
    expect((await t.request('GET', '/admin/discount-codes', { token: admin })).body).toEqual([])
    expect(await auditKinds('discount')).toEqual([
      'discount.create',
      'discount.update',
      'discount.delete',
    ])
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const post = (body: unknown) =>
      t.request('POST', '/admin/discount-codes', { token: admin, body })
    expect((await post({ ...code, code: 'SUMMER' })).status).toBe(201)
    const bad: [unknown, string][] = [
      [{ ...code, code: 'summer' }, 'code'],
      [{ ...code, code: 'two words' }, 'code'],
      [{ ...code, code: 'x'.repeat(41) }, 'code'],
      [{ ...code, kind: 'gift' }, 'kind'],
      [{ ...code, value: 150 }, 'value'],
      [{ ...code, value: 0 }, 'value'],
      [{ ...code, minSubtotal: -5 }, 'minSubtotal'],
      [{ ...code, endsAt: '2026-02-01T00:00:00Z' }, 'endsAt'],
      [{ ...code, startsAt: 'tomorrow' }, 'startsAt'],
      [{ ...code, maxUses: 0 }, 'maxUses'],
      [{ ...code, maxUsesPerShopper: 1.5 }, 'maxUsesPerShopper'],
      [{ ...code, categoryIds: [999_999] }, 'categoryIds'],
    ]
    for (const [body, field] of bad) {
      const res = await post(body)
      expect(res.status, field).toBe(400)
      expect(res.body.field, JSON.stringify(res.body)).toBe(field)
    }
    const codes = (await t.request('GET', '/admin/discount-codes', { token: admin })).body
    expect(codes.map((c: { code: string }) => c.code)).toEqual(['SUMMER'])
    const missing = await t.request('PUT', '/admin/discount-codes/999999', {
      token: admin,
      body: code,
    })
    expect(missing.status).toBe(404)
  })
})
