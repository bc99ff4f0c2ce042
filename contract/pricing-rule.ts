// The one rule that prices an order, in whole cents: the server's quote, reservation and charge
// read it (server/pricing), and so does the mock backend. Every amount is an integer; a product
// that could pass 2^53 (a line of 1,000 pianos times a rate) is multiplied as a BigInt.
// Why rounding is per line, half-up, and what a refund gives back:
// docs/decisions/2026-11-24-card-payments.md, "Pricing".

export interface LineToPrice {
  id: number
  priceCents: number
  quantity: number
  categoryId: number
  /** Extra shipping per unit (a drum kit, a piano). */
  surchargeCents: number
}

export interface CodeTerms {
  kind: 'percent' | 'amount'
  /** Percent in hundredths (1050 = 10.5 %), or cents off. */
  value: number
  minSubtotalCents: number | null
  /** The categories it applies to; empty: every line. */
  categoryIds: readonly number[]
}

export interface MethodTerms {
  priceCents: number
  freeOverCents: number | null
}

export interface PricingInput {
  lines: readonly LineToPrice[]
  code: CodeTerms | null
  method: MethodTerms | null
  /** The country's rate in hundredths of a percent (2100 = 21 %). */
  rateHundredths: number
  pricesIncludeTax: boolean
}

export interface PricedLine {
  id: number
  subtotalCents: number
  discountCents: number
  taxCents: number
  /** subtotal − discount, + tax when prices exclude it. */
  totalCents: number
}

export interface PricedOrder {
  lines: PricedLine[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  /** The tax inside (or on top of) the shipping; part of `taxCents`. */
  shippingTaxCents: number
  taxCents: number
  totalCents: number
  taxIncluded: boolean
}

/** a × b / c rounded half-up, exact for any sizes. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b) * 2n + BigInt(c)
  return Number(n / (BigInt(c) * 2n))
}

function mulDivDown(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c))
}

const lineSubtotal = (line: LineToPrice) => line.priceCents * line.quantity

export const subtotalOf = (lines: readonly LineToPrice[]) =>
  lines.reduce((sum, line) => sum + lineSubtotal(line), 0)

export const codeAppliesTo = (code: CodeTerms, line: LineToPrice) =>
  code.categoryIds.length === 0 || code.categoryIds.includes(line.categoryId)

/** What the code's terms refuse for this cart, before dates and uses (which the server checks). */
export function codeCartRefusal(
  code: CodeTerms,
  lines: readonly LineToPrice[],
): 'belowMinimum' | 'nothingApplies' | null {
  if (code.minSubtotalCents !== null && subtotalOf(lines) < code.minSubtotalCents) {
    return 'belowMinimum'
  }
  const eligible = lines.filter((line) => codeAppliesTo(code, line))
  return subtotalOf(eligible) > 0 ? null : 'nothingApplies'
}

/**
 * Splits `total` cents over `weights` in proportion, each share rounded down, then the cents left
 * one each to the largest remainders (the earlier line on a tie): the shares add up to `total`
 * exactly and none passes its weight when `total` ≤ the weights' sum.
 */
export function splitProRata(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0 || total === 0) return weights.map(() => 0)
  const shares = weights.map((w) => mulDivDown(total, w, sum))
  const remainders = weights.map((w, i) => ({
    i,
    rest: (BigInt(total) * BigInt(w)) % BigInt(sum),
  }))
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))
  let left = total - shares.reduce((a, b) => a + b, 0)
  for (const { i } of remainders) {
    if (left === 0) break
    shares[i] = (shares[i] ?? 0) + 1
    left -= 1
  }
  return shares
}

function codeDiscount(code: CodeTerms, eligibleCents: number): number {
  if (code.kind === 'amount') return Math.min(code.value, eligibleCents)
  return Math.min(mulDivHalfUp(eligibleCents, code.value, 10_000), eligibleCents)
}

/** Tax in an amount: inside it (gross × r / (1 + r)) or on top of it (net × r), half-up. */
export function taxOf(cents: number, rateHundredths: number, included: boolean): number {
  if (rateHundredths === 0 || cents === 0) return 0
  return included
    ? mulDivHalfUp(cents, rateHundredths, 10_000 + rateHundredths)
    : mulDivHalfUp(cents, rateHundredths, 10_000)
}

/** The shipping of a cart: the method's price (free over its amount) plus each unit's surcharge. */
export function shippingOf(
  method: MethodTerms,
  lines: readonly LineToPrice[],
  afterDiscountCents: number,
): number {
  const free = method.freeOverCents !== null && afterDiscountCents >= method.freeOverCents
  const surcharges = lines.reduce((sum, line) => sum + line.surchargeCents * line.quantity, 0)
  return (free ? 0 : method.priceCents) + surcharges
}

// The code is taken as valid here: codeCartRefusal and the server's checks decide that first.
export function priceLines(input: PricingInput): PricedOrder {
  const { lines, code, method, rateHundredths, pricesIncludeTax } = input
  const subtotals = lines.map(lineSubtotal)
  const eligible = lines.map((line) => (code && codeAppliesTo(code, line) ? lineSubtotal(line) : 0))
  const discountCents = code
    ? codeDiscount(
        code,
        eligible.reduce((a, b) => a + b, 0),
      )
    : 0
  const discounts = splitProRata(discountCents, eligible)
  const priced = lines.map((line, i) => {
    const subtotalCents = subtotals[i] ?? 0
    const lineDiscount = discounts[i] ?? 0
    const taxCents = taxOf(subtotalCents - lineDiscount, rateHundredths, pricesIncludeTax)
    const totalCents = subtotalCents - lineDiscount + (pricesIncludeTax ? 0 : taxCents)
    return { id: line.id, subtotalCents, discountCents: lineDiscount, taxCents, totalCents }
  })
  const subtotalCents = subtotals.reduce((a, b) => a + b, 0)
  const shippingCents = method ? shippingOf(method, lines, subtotalCents - discountCents) : 0
  const shippingTaxCents = taxOf(shippingCents, rateHundredths, pricesIncludeTax)
  const taxCents = priced.reduce((sum, line) => sum + line.taxCents, shippingTaxCents)
  const totalCents =
    subtotalCents - discountCents + shippingCents + (pricesIncludeTax ? 0 : taxCents)
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents,
    shippingTaxCents,
    taxCents,
    totalCents,
    taxIncluded: pricesIncludeTax,
  }
}

/** A bought line as the sale keeps it: what it cost in all (its `totalCents`), and its units. */
export interface PaidLine {
  paidCents: number
  count: number
  /** Units refunded already. */
  refunded: number
}

/**
 * What a refund of `units[i]` more units of each line gives back, in cents: each line's share of
 * what was paid for it after the discount, pro rata per unit and rounded down, counted so that
 * refunding a line's units in any number of steps gives back exactly what was paid for it. The
 * shipping paid (with its tax) comes back only with the refund that leaves nothing unrefunded.
 */
export function refundableFor(
  sale: { lines: readonly PaidLine[]; shippingPaidCents: number },
  units: readonly number[],
): number {
  let cents = 0
  let everything = true
  sale.lines.forEach((line, i) => {
    const more = units[i] ?? 0
    if (!Number.isInteger(more) || more < 0 || line.refunded + more > line.count) {
      throw new RangeError(`line ${i}: ${more} more units of ${line.count - line.refunded} left`)
    }
    const upTo = (refunded: number) => mulDivDown(line.paidCents, refunded, line.count)
    cents += upTo(line.refunded + more) - upTo(line.refunded)
    if (line.refunded + more < line.count) everything = false
  })
  const already = sale.lines.every((line) => line.refunded === line.count)
  return cents + (everything && !already ? sale.shippingPaidCents : 0)
}
