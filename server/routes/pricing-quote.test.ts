import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { belowMinimum, CODE_REFUSALS } from '../../contract/pricing'
import { discountCodeUses } from '../db/schema/pricing'
import { sales } from '../db/schema/sales'
import { customerColumns } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory, stockInstrument } from '../test/payment-kit'

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: string
let shopper: { id: number; token: string }
let guitar: number
let tuner: number
let drums: number
let drumsCategory: number
beforeAll(async () => {
  t = await createTestApi()
  admin = (await t.makeAccount({ rol: 'admin' })).token
  shopper = await t.makeAccount()
  const guitars = await addCategory(t.db, 'Guitars')
  drumsCategory = await addCategory(t.db, 'Drums')
  guitar = (
    await stockInstrument(t.db, { name: 'Flamenca', price: 121, stock: 9, categoryId: guitars })
  ).id
  tuner = (
    await stockInstrument(t.db, { name: 'Tuner', price: 60.5, stock: 9, categoryId: guitars })
  ).id
  drums = (
    await stockInstrument(t.db, {
      name: 'Drum kit',
      price: 800,
      stock: 9,
      categoryId: drumsCategory,
      shippingSurchargeCents: 4_000,
    })
  ).id
})
afterAll(() => t.close())

const quote = (body: unknown, token = shopper.token) =>
  t.request('POST', '/checkout/quote', { token, body })
const spainCart = (extra: object = {}) => ({
  items: [
    { id: guitar, quantity: 1 },
    { id: tuner, quantity: 1 },
  ],
  country: 'spain',
  ...extra,
})

describe('a quote in a shop that configured nothing', () => {
  it("is the spec's total: the lines' prices, no shipping, no tax, any country", async () => {
    const res = await quote({
      items: [
        { id: guitar, quantity: 1 },
        { id: tuner, quantity: 2 },
      ],
      country: 'Colombia',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      lines: [
        { id: guitar, name: 'Flamenca', price: 121, quantity: 1, discount: 0, tax: 0, total: 121 },
        { id: tuner, name: 'Tuner', price: 60.5, quantity: 2, discount: 0, tax: 0, total: 121 },
      ],
      subtotal: 242,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 242,
      taxIncluded: true,
      shippingMethods: [],
      shippingMethodId: null,
      discountCode: null,
    })
  })

  it('refuses bad input naming the field, and needs a signed-in shopper', async () => {
    expect((await quote({ items: [], country: 'Spain' })).body.field).toBe('items')
    expect((await quote({ items: [{ id: guitar, quantity: 1 }] })).body.field).toBe('country')
    const zero = await quote({ items: [{ id: guitar, quantity: 0 }], country: 'Spain' })
    expect(zero.body.field).toBe('items.0.quantity')
    const long = await quote(spainCart({ discountCode: 'x'.repeat(41) }))
    expect(long.body.field).toBe('discountCode')
    const gone = await quote({ items: [{ id: 999_999, quantity: 1 }], country: 'Spain' })
    expect(gone).toMatchObject({ status: 400, body: { field: 'items' } })
    expect((await t.request('POST', '/checkout/quote', { body: spainCart() })).status).toBe(401)
  })
})

describe('a quote once the shop ships to zones, taxes and gives codes', () => {
  beforeAll(async () => {
    const zone = await t.request('POST', '/admin/shipping-zones', {
      token: admin,
      body: {
        name: 'Europe',
        countries: ['Spain', 'France'],
        methods: [
          { name: 'Express', price: 24.2, days: 1 },
          { name: 'Standard', price: 12.1, freeOver: 500, days: 5 },
        ],
      },
    })
    expect(zone.status).toBe(201)
    const tax = await t.request('PUT', '/admin/tax', {
      token: admin,
      body: { pricesIncludeTax: true, rates: [{ country: 'Spain', rate: 21 }] },
    })
    expect(tax.status).toBe(200)
    const code = await t.request('POST', '/admin/discount-codes', {
      token: admin,
      body: { code: 'SPRING10', kind: 'percent', value: 10 },
    })
    expect(code.status).toBe(201)
  })

  it('breaks a Spanish order down: 10 % off, 21 % VAT inside, the cheapest method taxed alike', async () => {
    const res = await quote(spainCart({ discountCode: 'spring10' }))
    expect(res.status).toBe(200)
    const { shippingMethods, ...rest } = res.body
    expect(shippingMethods).toMatchObject([
      { name: 'Standard', price: 12.1, days: 5 },
      { name: 'Express', price: 24.2, days: 1 },
    ])
    expect(rest).toEqual({
      lines: [
        {
          id: guitar,
          name: 'Flamenca',
          price: 121,
          quantity: 1,
          discount: 12.1,
          tax: 18.9,
          total: 108.9,
        },
        {
          id: tuner,
          name: 'Tuner',
          price: 60.5,
          quantity: 1,
          discount: 6.05,
          tax: 9.45,
          total: 54.45,
        },
      ],
      subtotal: 181.5,
      discount: 18.15,
      shipping: 12.1,
      // 18.90 + 9.45 in the lines, 2.10 in the shipping.
      tax: 30.45,
      total: 175.45,
      taxIncluded: true,
      shippingMethodId: shippingMethods[0].id,
      discountCode: 'SPRING10',
    })
    const express = await quote(spainCart({ shippingMethodId: shippingMethods[1].id }))
    expect(express.body).toMatchObject({
      shipping: 24.2,
      total: 205.7,
      shippingMethodId: shippingMethods[1].id,
    })
  })

  it('adds tax on top when prices exclude it, and ships heavy items with their surcharge', async () => {
    await t.request('PUT', '/admin/tax', {
      token: admin,
      body: { pricesIncludeTax: false, rates: [{ country: 'Spain', rate: 21 }] },
    })
    const res = await quote({ items: [{ id: drums, quantity: 1 }], country: 'Spain' })
    // Standard is free over 500, the drum kit's 40.00 surcharge is not: 40.00 + 21 %.
    expect(res.body).toMatchObject({
      subtotal: 800,
      shipping: 40,
      tax: 168 + 8.4,
      total: 800 + 40 + 176.4,
      taxIncluded: false,
    })
    expect(res.body.lines[0]).toMatchObject({ tax: 168, total: 968 })
    await t.request('PUT', '/admin/tax', {
      token: admin,
      body: { pricesIncludeTax: true, rates: [{ country: 'Spain', rate: 21 }] },
    })
  })

  it('tells a country no zone covers that the shop does not ship there, until a zone covers the rest', async () => {
    const res = await quote({ items: [{ id: tuner, quantity: 1 }], country: 'Colombia' })
    expect(res.body).toMatchObject({
      shippingMethods: [],
      shippingMethodId: null,
      refusal: { country: 'Colombia', reason: 'We do not ship to Colombia yet' },
    })
    await t.request('POST', '/admin/shipping-zones', {
      token: admin,
      body: { name: 'World', coversRest: true, methods: [{ name: 'Air', price: 30 }] },
    })
    const served = await quote({ items: [{ id: tuner, quantity: 1 }], country: 'Colombia' })
    expect(served.body.refusal).toBeUndefined()
    expect(served.body).toMatchObject({ shipping: 30, tax: 0, total: 90.5 })
  })

  describe('a code that cannot apply', () => {
    const sale = async (accountId: number) => {
      const [row] = await t.db
        .insert(sales)
        .values({ ...customerColumns, status: 'succeeded', cost: 1, userId: accountId })
        .returning()
      return row?.id ?? 0
    }
    const addCode = async (body: object) => {
      const res = await t.request('POST', '/admin/discount-codes', {
        token: admin,
        body: { kind: 'amount', value: 5, ...body },
      })
      expect(res.status).toBe(201)
      return res.body.discountCode.id as number
    }

    it('is left out of the quote, which says why', async () => {
      const day = 24 * 3600_000
      await addCode({ code: 'SLEEPING', active: false })
      await addCode({ code: 'LATER', startsAt: new Date(Date.now() + day).toISOString() })
      await addCode({
        code: 'GONE',
        startsAt: new Date(Date.now() - 2 * day).toISOString(),
        endsAt: new Date(Date.now() - day).toISOString(),
      })
      await addCode({ code: 'BIGSPENDER', minSubtotal: 1000 })
      await addCode({ code: 'DRUMMERS', categoryIds: [drumsCategory] })
      const once = await addCode({ code: 'ONCE', maxUses: 1 })
      const other = await t.makeAccount()
      await t.db
        .insert(discountCodeUses)
        .values({ codeId: once, accountId: other.id, saleId: await sale(other.id), state: 'held' })
      const yours = await addCode({ code: 'YOURS', maxUsesPerShopper: 1 })
      await t.db.insert(discountCodeUses).values({
        codeId: yours,
        accountId: shopper.id,
        saleId: await sale(shopper.id),
        state: 'kept',
      })

      const refusals: [string, string][] = [
        ['NOSUCHCODE', CODE_REFUSALS.unknown],
        ['sleeping', CODE_REFUSALS.unknown],
        ['LATER', CODE_REFUSALS.notYetValid],
        ['GONE', CODE_REFUSALS.expired],
        ['BIGSPENDER', belowMinimum(100_000)],
        ['DRUMMERS', CODE_REFUSALS.nothingApplies],
        ['ONCE', CODE_REFUSALS.usedUp],
        ['YOURS', CODE_REFUSALS.alreadyUsed],
      ]
      for (const [code, reason] of refusals) {
        const res = await quote(spainCart({ discountCode: code }))
        expect(res.status, code).toBe(200)
        expect(res.body, code).toMatchObject({
          discount: 0,
          discountCode: null,
          total: 193.6,
          refusal: { code, reason },
        })
      }
      expect(belowMinimum(100_000)).toBe('This discount code needs a subtotal of at least $1,000')
      // The shopper who has not used YOURS yet may; the other shopper is not held by ONCE's use.
      const fresh = await t.makeAccount()
      const allowed = await quote(spainCart({ discountCode: 'yours' }), fresh.token)
      expect(allowed.body).toMatchObject({ discount: 5, discountCode: 'YOURS' })
      expect(allowed.body.refusal).toBeUndefined()
    })

    it('applies only to the lines of its categories', async () => {
      const res = await quote({
        items: [
          { id: tuner, quantity: 1 },
          { id: drums, quantity: 1 },
        ],
        country: 'Spain',
        discountCode: 'DRUMMERS',
      })
      expect(res.body.lines.map((l: { discount: number }) => l.discount)).toEqual([0, 5])
    })

    it('slows an account that tries unknown codes one after another', async () => {
      const guesser = await t.makeAccount()
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) {
        statuses.push((await quote(spainCart({ discountCode: `GUESS${i}` }), guesser.token)).status)
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
      expect(statuses[10]).toBe(429)
      // Without a code the same account still gets its quote.
      expect((await quote(spainCart(), guesser.token)).status).toBe(200)
    })
  })
})
