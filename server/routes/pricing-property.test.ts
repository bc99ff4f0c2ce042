import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCents } from '../../contract/money'
import { taxOf } from '../../contract/pricing-rule'
import { paymentResponse } from '../../contract/sales'
import { sales } from '../db/schema/sales'
import { NOTHING_PAID } from '../payments'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory, recordingPayments, stockInstrument } from '../test/payment-kit'

// The pricing property, through the API: whatever the cart, code, zone, rate and tax mode, the sale
// stored adds up (total = subtotal − discount + shipping, + tax when prices exclude it), the card is
// charged that total, the lines' taxes and the shipping's make the order's, and refunding the
// lines in any steps never gives back more than was paid (all of it, shipping too, at the end).

const cents = fc.integer({ min: 1, max: 200_000 })
const line = fc.record({
  priceCents: cents,
  quantity: fc.integer({ min: 1, max: 3 }),
  surchargeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
  second: fc.boolean(),
})
const scenario = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 3 }),
  pricesIncludeTax: fc.boolean(),
  /** Percent with two decimals. */
  rateHundredths: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 })),
  zone: fc.option(
    fc.record({
      priceCents: fc.integer({ min: 0, max: 5_000 }),
      freeOverCents: fc.option(fc.integer({ min: 0, max: 300_000 })),
    }),
  ),
  code: fc.option(
    fc.record({
      kind: fc.constantFrom('percent' as const, 'amount' as const),
      // The top value often: 100 % off makes orders that cost nothing.
      valueCents: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constant(10_000)),
      minSubtotalCents: fc.option(fc.integer({ min: 0, max: 300_000 })),
      onlySecond: fc.boolean(),
    }),
  ),
  /** Units refunded in the first of two refunds, per line, as a share of the line. */
  firstShare: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
})

describe('an order priced through the API', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let admin: string
  let categories: [number, number]
  const recorder = recordingPayments()
  let run = 0

  beforeAll(async () => {
    t = await createTestApi({ payment: recorder.payment })
    admin = (await t.makeAccount({ rol: 'admin' })).token
    categories = [await addCategory(t.db, 'Guitars'), await addCategory(t.db, 'Drums')]
  })
  afterAll(() => t.close())

  const asAdmin = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: admin, body })

  // Units a discount made free are refused a refund, a 409 that moves nothing; whatever was
  // paid is still all given back (the last check below).
  const expectRefunded = (refund: { status: number; body: { error?: string } }) => {
    if (refund.status === 409) expect(refund.body.error).toBe(NOTHING_PAID)
    else expect(refund.status).toBe(201)
  }

  it('adds up, charges what it stores, and refunds never more than was paid', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run += 1
        for (const zone of (await asAdmin('GET', '/admin/shipping-zones')).body) {
          await asAdmin('DELETE', `/admin/shipping-zones/${zone.id}`)
        }
        if (s.zone) {
          const zone = await asAdmin('POST', '/admin/shipping-zones', {
            name: `Zone ${run}`,
            countries: [customer.cus_country],
            methods: [
              {
                name: 'Post',
                price: s.zone.priceCents / 100,
                freeOver: s.zone.freeOverCents === null ? null : s.zone.freeOverCents / 100,
                days: 3,
              },
            ],
          })
          expect(zone.status).toBe(201)
        }
        const tax = await asAdmin('PUT', '/admin/tax', {
          pricesIncludeTax: s.pricesIncludeTax,
          rates: [{ country: customer.cus_country, rate: s.rateHundredths / 100 }],
        })
        expect(tax.status).toBe(200)
        let code: string | undefined
        if (s.code) {
          code = `PROP${run}`
          const value =
            s.code.kind === 'percent' ? s.code.valueCents / 100 : (s.code.valueCents * 7) / 100
          const made = await asAdmin('POST', '/admin/discount-codes', {
            code,
            kind: s.code.kind,
            value,
            minSubtotal: s.code.minSubtotalCents === null ? null : s.code.minSubtotalCents / 100,
            categoryIds: s.code.onlySecond ? [categories[1]] : [],
          })
          expect(made.status).toBe(201)
        }
        const items: { id: number; count: number }[] = []
        for (const [i, l] of s.lines.entries()) {
          const row = await stockInstrument(t.db, {
            name: `Run ${run} line ${i}`,
            price: l.priceCents / 100,
            stock: 10,
            categoryId: categories[l.second ? 1 : 0],
            shippingSurchargeCents: l.surchargeCents,
          })
          items.push({ id: row.id, count: l.quantity })
        }
        const shopper = await t.makeAccount()
        const pay = (discountCode?: string) =>
          t.request('POST', '/payment', {
            token: shopper.token,
            body: { id: 'pm_card_visa', items, userInfo: customer, discountCode },
          })
        const opened = recorder.opened.length
        let res = await pay(code)
        if (res.status === 409 && /discount code/.test(res.body.error ?? '')) {
          // A code the cart does not meet is refused before any charge.
          expect(recorder.opened.length).toBe(opened)
          res = await pay()
        }
        if (res.status === 409) {
          // So is a total a card cannot pay (under the provider's smallest charge).
          expect(res.body.error).toMatch(/^A card payment is at least \$0\.50/)
          expect(recorder.opened.length).toBe(opened)
          return
        }
        expect(res.status).toBe(201)
        const sale = paymentResponse.parse(res.body).sale
        const c = {
          cost: toCents(sale.cost),
          subtotal: toCents(sale.subtotal),
          discount: toCents(sale.discount),
          shipping: toCents(sale.shipping),
          tax: toCents(sale.tax),
        }
        for (const value of Object.values(c)) expect(value).toBeGreaterThanOrEqual(0)
        expect(sale.taxIncluded).toBe(s.pricesIncludeTax)
        expect(c.cost).toBe(c.subtotal - c.discount + c.shipping + (sale.taxIncluded ? 0 : c.tax))
        // A free order opens no payment; any other is charged its stored total.
        if (c.cost === 0) expect(recorder.opened.length).toBe(opened)
        else expect(recorder.opened.at(-1)?.amountCents).toBe(c.cost)
        const lineTax = sale.instrument.reduce((sum, i) => sum + toCents(i.tax), 0)
        const lineDiscount = sale.instrument.reduce((sum, i) => sum + toCents(i.discount), 0)
        expect(c.tax - lineTax).toBe(taxOf(c.shipping, s.rateHundredths, s.pricesIncludeTax))
        expect(lineDiscount).toBe(c.discount)
        expect(c.discount).toBeLessThanOrEqual(c.subtotal)
        for (const i of sale.instrument) {
          expect(toCents(i.discount)).toBeLessThanOrEqual(toCents(i.price) * i.count)
        }

        // Two refunds of the lines: some units first, then the rest.
        const first = sale.instrument
          .map((i, n) => ({
            instrumentId: i.instrumentId ?? 0,
            count: Math.floor(i.count * (s.firstShare[n] ?? 0)),
          }))
          .filter((l) => l.count > 0)
        const refundedCents = async () =>
          (await t.db.select().from(sales).where(eq(sales.id, sale.id)))[0]?.refundedCents ?? -1
        // A refused first refund (its units were free) leaves them for the second.
        let refundedFirst: typeof first = []
        if (first.length > 0) {
          const refund = await asAdmin('POST', `/sales/${sale.id}/refunds`, {
            lines: first,
            reason: 'Part',
            restock: false,
          })
          expectRefunded(refund)
          if (refund.status === 201) refundedFirst = first
          expect(await refundedCents()).toBeLessThanOrEqual(c.cost)
        }
        const rest = sale.instrument
          .map((i) => ({
            instrumentId: i.instrumentId ?? 0,
            count:
              i.count - (refundedFirst.find((l) => l.instrumentId === i.instrumentId)?.count ?? 0),
          }))
          .filter((l) => l.count > 0)
        if (rest.length > 0) {
          const refund = await asAdmin('POST', `/sales/${sale.id}/refunds`, {
            lines: rest,
            reason: 'Rest',
            restock: false,
          })
          expectRefunded(refund)
        }
        expect(await refundedCents()).toBe(c.cost)
      }),
      { numRuns: 15 },
    )
    // Fifteen whole purchases and their refunds through the API: beside CI's other test files
    // they have taken longer than the default 30 s.
  }, 90_000)
})
