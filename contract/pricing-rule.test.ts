import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type CodeTerms,
  codeAppliesTo,
  type LineToPrice,
  type MethodTerms,
  type PricingInput,
  priceLines,
  refundableFor,
  splitProRata,
  taxOf,
} from './pricing-rule'

const line = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  priceCents: fc.oneof(
    fc.integer({ min: 0, max: 2_000 }),
    fc.integer({ min: 0, max: 9_999_999_999 }),
  ),
  quantity: fc.integer({ min: 1, max: 1000 }),
  categoryId: fc.integer({ min: 1, max: 4 }),
  surchargeCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
})
const code: fc.Arbitrary<CodeTerms> = fc.record({
  kind: fc.constantFrom('percent' as const, 'amount' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  minSubtotalCents: fc.constant(null),
  categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
})
const method: fc.Arbitrary<MethodTerms> = fc.record({
  priceCents: fc.integer({ min: 0, max: 50_000 }),
  freeOverCents: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
})
const order: fc.Arbitrary<PricingInput> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  code: fc.option(code),
  method: fc.option(method),
  rateHundredths: fc.oneof(
    fc.constantFrom(0, 2100, 1000, 550),
    fc.integer({ min: 0, max: 10_000 }),
  ),
  pricesIncludeTax: fc.boolean(),
})

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const wholeAndNotNegative = (cents: number) => Number.isSafeInteger(cents) && cents >= 0

describe('pricing an order', () => {
  it('adds up to the cent in both tax modes, with whole non-negative amounts', () => {
    fc.assert(
      fc.property(order, (input) => {
        const priced = priceLines(input)
        const tax = input.pricesIncludeTax ? 0 : priced.taxCents
        expect(priced.totalCents).toBe(
          priced.subtotalCents - priced.discountCents + priced.shippingCents + tax,
        )
        const amounts = [
          priced.subtotalCents,
          priced.discountCents,
          priced.shippingCents,
          priced.shippingTaxCents,
          priced.taxCents,
          priced.totalCents,
          ...priced.lines.flatMap((l) => [
            l.subtotalCents,
            l.discountCents,
            l.taxCents,
            l.totalCents,
          ]),
        ]
        expect(amounts.filter((cents) => !wholeAndNotNegative(cents))).toEqual([])
        // The order's tax is its lines' taxes and the shipping's.
        expect(sum(priced.lines.map((l) => l.taxCents)) + priced.shippingTaxCents).toBe(
          priced.taxCents,
        )
        expect(sum(priced.lines.map((l) => l.discountCents))).toBe(priced.discountCents)
        expect(sum(priced.lines.map((l) => l.totalCents))).toBe(
          priced.totalCents -
            priced.shippingCents -
            (input.pricesIncludeTax ? 0 : priced.shippingTaxCents),
        )
      }),
    )
  })

  it('never takes off more than the lines the code applies to', () => {
    fc.assert(
      fc.property(order, code, (input, terms) => {
        const priced = priceLines({ ...input, code: terms })
        input.lines.forEach((l, i) => {
          const share = priced.lines[i]?.discountCents ?? -1
          if (codeAppliesTo(terms, l)) expect(share).toBeLessThanOrEqual(l.priceCents * l.quantity)
          else expect(share).toBe(0)
        })
        const eligible = sum(
          input.lines.filter((l) => codeAppliesTo(terms, l)).map((l) => l.priceCents * l.quantity),
        )
        expect(priced.discountCents).toBeLessThanOrEqual(eligible)
        if (terms.kind === 'amount') expect(priced.discountCents).toBeLessThanOrEqual(terms.value)
      }),
    )
  })

  it('gives back at most what was paid for the lines, and everything once all is refunded', () => {
    const refunds = order.chain((input) => {
      const counts = input.lines.map((l) => l.quantity)
      // Each line's units refunded in up to three steps, in a random order of steps.
      const steps = fc.tuple(
        ...counts.map((count) =>
          fc.array(fc.integer({ min: 0, max: count }), { maxLength: 2 }).map((cuts) => {
            const points = [0, ...cuts.sort((a, b) => a - b), count]
            return points.slice(1).map((p, i) => p - (points[i] ?? 0))
          }),
        ),
      )
      return fc.tuple(fc.constant(input), steps)
    })
    fc.assert(
      fc.property(refunds, ([input, steps]) => {
        const priced = priceLines(input)
        const shippingPaidCents =
          priced.shippingCents + (input.pricesIncludeTax ? 0 : priced.shippingTaxCents)
        const lines = priced.lines.map((l, i) => ({
          paidCents: l.totalCents,
          count: input.lines[i]?.quantity ?? 0,
          refunded: 0,
        }))
        let given = 0
        for (let step = 0; step < 3; step++) {
          const units = steps.map((perLine) => perLine[step] ?? 0)
          const cents = refundableFor({ lines, shippingPaidCents }, units)
          expect(wholeAndNotNegative(cents)).toBe(true)
          given += cents
          lines.forEach((l, i) => {
            l.refunded += units[i] ?? 0
          })
          const all = lines.every((l) => l.refunded === l.count)
          if (!all) expect(given).toBeLessThanOrEqual(priced.totalCents - shippingPaidCents)
        }
        expect(given).toBe(priced.totalCents)
      }),
    )
  })
})

describe('the parts of the rule', () => {
  const lines = (prices: number[]): LineToPrice[] =>
    prices.map((priceCents, i) => ({
      id: i + 1,
      priceCents,
      quantity: 1,
      categoryId: 1,
      surchargeCents: 0,
    }))

  it('splits a discount so the shares add up, the cents left going to the largest remainders', () => {
    expect(splitProRata(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(splitProRata(10, [3, 7])).toEqual([3, 7])
    expect(splitProRata(5, [0, 0])).toEqual([0, 0])
  })

  it('rounds tax half-up per line, inside or on top of the price', () => {
    // 12.10 with 21 % inside: 2.10 of tax; 10.00 with 21 % on top: 2.10.
    expect(taxOf(1210, 2100, true)).toBe(210)
    expect(taxOf(1000, 2100, false)).toBe(210)
    // 0.05 × 10 % = 0.005: half a cent rounds up.
    expect(taxOf(5, 1000, false)).toBe(1)
  })

  it('prices the issue example: 10 % off, 21 % VAT inside, shipping taxed alike', () => {
    const priced = priceLines({
      lines: lines([12_100, 6_050]),
      code: { kind: 'percent', value: 1000, minSubtotalCents: null, categoryIds: [] },
      method: { priceCents: 1_210, freeOverCents: null },
      rateHundredths: 2100,
      pricesIncludeTax: true,
    })
    expect(priced.discountCents).toBe(1_815)
    expect(priced.lines.map((l) => l.discountCents)).toEqual([1_210, 605])
    // 108.90 and 54.45 carry 18.90 and 9.45 of VAT; the 12.10 shipping 2.10.
    expect(priced.lines.map((l) => l.taxCents)).toEqual([1_890, 945])
    expect(priced.taxCents).toBe(1_890 + 945 + 210)
    expect(priced.totalCents).toBe(18_150 - 1_815 + 1_210)
  })

  it('ships free over the amount, the surcharges still charged', () => {
    const cart = [{ id: 1, priceCents: 50_000, quantity: 2, categoryId: 1, surchargeCents: 3_000 }]
    const priced = priceLines({
      lines: cart,
      code: null,
      method: { priceCents: 990, freeOverCents: 100_000 },
      rateHundredths: 0,
      pricesIncludeTax: true,
    })
    expect(priced.shippingCents).toBe(6_000)
  })
})
