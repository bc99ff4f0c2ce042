import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentResponse } from '../../contract/sales'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory, recordingPayments, stockInstrument } from '../test/payment-kit'

// One Spanish order, priced with a method, VAT inside the prices and a 10 % code, read back by
// everything that shows money: the sale, the order page, the mail, the CSV, the summary, the chart,
// and refunds of its lines.

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: string
let shopper: { id: number; token: string }
let guitar: number
let tuner: number
const recorder = recordingPayments()

beforeAll(async () => {
  t = await createTestApi({ payment: recorder.payment })
  admin = (await t.makeAccount({ rol: 'admin' })).token
  shopper = await t.makeAccount()
  const guitars = await addCategory(t.db, 'Guitars')
  guitar = (
    await stockInstrument(t.db, { name: 'Flamenca', price: 121, stock: 9, categoryId: guitars })
  ).id
  tuner = (
    await stockInstrument(t.db, { name: 'Tuner', price: 60.5, stock: 9, categoryId: guitars })
  ).id
  const asAdmin = (method: string, path: string, body: unknown) =>
    t.request(method, path, { token: admin, body })
  await asAdmin('POST', '/admin/shipping-zones', {
    name: 'Europe',
    countries: ['Spain'],
    methods: [
      { name: 'Express', price: 24.2, days: 1 },
      { name: 'Standard', price: 12.1, freeOver: 500, days: 5 },
    ],
  })
  await asAdmin('PUT', '/admin/tax', {
    pricesIncludeTax: true,
    rates: [{ country: 'Spain', rate: 21 }],
  })
  await asAdmin('POST', '/admin/discount-codes', { code: 'SPRING10', kind: 'percent', value: 10 })
})
afterAll(() => t.close())

const spanish = { ...customer, cus_country: 'Spain' }

describe('a priced sale, as everything reads it', () => {
  let saleId = 0

  it('refuses a country no zone covers before any charge, and a stale amount', async () => {
    const opened = recorder.opened.length
    const nowhere = await t.request('POST', '/payment', {
      token: shopper.token,
      body: { id: 'pm_card_visa', items: [{ id: guitar, count: 1 }], userInfo: customer },
    })
    expect(nowhere).toMatchObject({ status: 409, body: { error: 'We do not ship to UK yet' } })
    const stale = await t.request('POST', '/payment', {
      token: shopper.token,
      body: {
        id: 'pm_card_visa',
        items: [{ id: guitar, count: 1 }],
        userInfo: spanish,
        amount: 121,
      },
    })
    expect(stale).toMatchObject({
      status: 400,
      body: { error: 'The total changed, please review your cart' },
    })
    expect(recorder.opened.length).toBe(opened)
  })

  it('stores the price the quote gave, and charges its total', async () => {
    const res = await t.request('POST', '/payment', {
      token: shopper.token,
      body: {
        id: 'pm_card_visa',
        items: [
          { id: guitar, count: 1 },
          { id: tuner, count: 1 },
        ],
        userInfo: { ...customer, cus_country: 'Elsewhere' },
        country: 'spain',
        discountCode: 'spring10',
        amount: 175.45,
      },
    })
    expect(res.status).toBe(201)
    const { sale } = paymentResponse.parse(res.body)
    saleId = sale.id
    expect(sale).toMatchObject({
      cost: 175.45,
      subtotal: 181.5,
      discount: 18.15,
      shipping: 12.1,
      tax: 30.45,
      taxIncluded: true,
      discountCode: 'SPRING10',
      shippingMethod: 'Standard',
    })
    expect(sale.instrument.map((i) => [i.name, i.discount, i.tax])).toEqual([
      ['Flamenca', 12.1, 18.9],
      ['Tuner', 6.05, 9.45],
    ])
    expect(recorder.opened.at(-1)?.amountCents).toBe(17_545)
  })

  it('shows the same figures on the order page, in the mail and in the CSV', async () => {
    const page = await t.request('GET', `/sales/${saleId}`, { token: shopper.token })
    expect(page.body).toMatchObject({
      subtotal: 181.5,
      discount: 18.15,
      shipping: 12.1,
      tax: 30.45,
    })
    expect(page.body.lines[1]).toMatchObject({ name: 'Tuner', discount: 6.05, tax: 9.45 })
    const mail = (await t.outbox()).find((m) => m.subject.endsWith(`#${saleId}`))
    for (const line of [
      'Subtotal: $181.50',
      'Discount (SPRING10): -$18.15',
      'Shipping (Standard): $12.10',
      'Tax (included): $30.45',
      'Total: $175.45',
    ]) {
      expect(mail?.text).toContain(line)
    }
    const csv = await t.request('GET', '/sales/export.csv', { token: admin })
    const rows = String(csv.body).trim().split('\n')
    expect(rows.find((r) => r.startsWith(`${saleId},`) && r.includes('Tuner'))).toMatch(
      /,181\.50,18\.15,12\.10,30\.45,true,SPRING10,Standard,6\.05,9\.45$/,
    )
  })

  it('tells the tax and shipping collected in the summary and the chart', async () => {
    const summary = await t.request('GET', '/admin/sales/summary', { token: admin })
    expect(summary.body).toMatchObject({ taxCollected: 30.45, shippingCollected: 12.1 })
    const day = new Date().toISOString().slice(0, 10)
    const chart = await t.request('GET', `/sales/over-time?from=${day}&to=${day}`, {
      token: admin,
    })
    expect(chart.body.totals).toMatchObject({
      revenueCents: 17_545,
      taxCents: 3045,
      shippingCents: 1210,
    })
  })

  it('refunds a line at what was paid for it, and the shipping with the last one', async () => {
    const refund = (instrumentId: number) =>
      t.request('POST', `/sales/${saleId}/refunds`, {
        token: admin,
        body: { lines: [{ instrumentId, count: 1 }], reason: 'Returned', restock: true },
      })
    expect((await refund(tuner)).status).toBe(201)
    let page = await t.request('GET', `/sales/${saleId}`, { token: admin })
    expect(page.body.payment.refundedCents).toBe(5_445)
    expect((await refund(guitar)).status).toBe(201)
    page = await t.request('GET', `/sales/${saleId}`, { token: admin })
    expect(page.body.payment.refundedCents).toBe(17_545)
    expect(page.body.status).toBe('refunded')
  })
})
