import { belowMinimum, CODE_REFUSALS, notShippedTo } from '../../contract/pricing'
import {
  type CodeTerms,
  codeCartRefusal,
  type LineToPrice,
  type PricedLine,
  type PricedOrder,
  priceLines,
  shippingOf,
} from '../../contract/pricing-rule'
import type { Database } from '../db/client'
import { type CartRow, type CodeRow, lockOrder, readOrderFacts } from './order-facts'

export interface PriceRequest {
  accountId: number
  items: readonly { id: number; quantity: number }[]
  country: string
  shippingMethodId?: number | undefined
  discountCode?: string | undefined
}

export interface OrderLinePrice extends PricedLine {
  name: string
  brand: string
  img: string
  priceCents: number
  quantity: number
  /** Units on the shelf as read: under `lockInstruments`, as they stay until commit. */
  stock: number
}

export interface ShippingChoice {
  id: number
  name: string
  /** What it costs this cart: free over its amount, with the surcharges. */
  priceCents: number
  days: number | null
}

export interface OrderPrice extends Omit<PricedOrder, 'lines'> {
  lines: OrderLinePrice[]
  country: string
  /** The methods of the country's zone, cheapest first; none when the shop sets no zones. */
  shippingMethods: ShippingChoice[]
  shippingMethod: ShippingChoice | null
  /** The code applied, as the shop spells it; null when none was asked for or it was refused. */
  discountCode: { id: number; code: string } | null
}

export type PriceRefusal = { code: string; reason: string } | { country: string; reason: string }

export type Pricing =
  /** Priced; with a refusal, the order as it would be without what was refused. */
  | { kind: 'priced'; price: OrderPrice; refusal?: PriceRefusal }
  | { kind: 'invalid'; error: string; field: 'items' }

/**
 * Prices an order from the database: its instruments, the country's zone and rate, the code and
 * the shopper's uses of it (order-facts.ts reads them in one statement). A shop with no active
 * zone charges no shipping and ships anywhere; a country without a rate pays no tax. Inside a
 * reservation, `lockInstruments` and `lockCode` lock the cart's instruments and the code's row
 * first (lockOrder has why), so the stock read stays until commit and payments made at once count
 * each other's uses (server/pricing/code-uses.ts).
 */
export async function priceOrder(
  db: Database,
  request: PriceRequest,
  now: Date,
  opts: { lockCode?: boolean; lockInstruments?: boolean } = {},
): Promise<Pricing> {
  const quantities = new Map<number, number>()
  for (const item of request.items) {
    quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity)
  }
  const ids = [...quantities.keys()].sort((a, b) => a - b)
  await lockOrder(db, {
    ids: opts.lockInstruments ? ids : undefined,
    code: opts.lockCode ? request.discountCode : undefined,
  })
  const facts = await readOrderFacts(db, {
    ids,
    country: request.country,
    code: request.discountCode,
    accountId: request.accountId,
  })
  const cart = cartLines(quantities, facts.cart)
  if (cart.kind === 'unavailable') return { kind: 'invalid', error: cart.error, field: 'items' }
  const { pricesIncludeTax: includeTax, rateHundredths, zone } = facts
  const code = request.discountCode ? codeCheck(facts.code, cart.lines, now) : null
  const terms = code && 'terms' in code ? code.terms : null
  const discounted = priceLines({
    lines: cart.lines,
    code: terms,
    method: null,
    rateHundredths,
    pricesIncludeTax: includeTax,
  })
  const afterDiscount = discounted.subtotalCents - discounted.discountCents
  const choices = (zone === 'unserved' || zone === 'anywhere' ? [] : zone.methods)
    .map((method) => ({
      id: method.id,
      name: method.name,
      priceCents: shippingOf(method, cart.lines, afterDiscount),
      days: method.days,
    }))
    .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id)
  const chosen = choices.find((m) => m.id === request.shippingMethodId) ?? choices[0] ?? null
  const method =
    chosen && zone !== 'unserved' && zone !== 'anywhere'
      ? (zone.methods.find((m) => m.id === chosen.id) ?? null)
      : null
  const priced = priceLines({
    lines: cart.lines,
    code: terms,
    method,
    rateHundredths,
    pricesIncludeTax: includeTax,
  })
  const price: OrderPrice = {
    ...priced,
    lines: priced.lines.map((line, i) => ({ ...line, ...cart.details[i] })) as OrderLinePrice[],
    country: request.country,
    shippingMethods: choices,
    shippingMethod: chosen,
    discountCode: code && 'terms' in code ? { id: code.id, code: code.code } : null,
  }
  // An unserved country cannot be paid for at all: that is what the shopper must hear first.
  if (zone === 'unserved') {
    return {
      kind: 'priced',
      price,
      refusal: { country: request.country, reason: notShippedTo(request.country) },
    }
  }
  if (code && 'reason' in code) {
    return {
      kind: 'priced',
      price,
      refusal: { code: request.discountCode ?? '', reason: code.reason },
    }
  }
  return { kind: 'priced', price }
}

// The cart in the order the shopper listed it; an instrument listed twice is one line.
function cartLines(
  quantities: Map<number, number>,
  rows: CartRow[],
):
  | { kind: 'cart'; lines: LineToPrice[]; details: Omit<OrderLinePrice, keyof PricedLine>[] }
  | { kind: 'unavailable'; error: string } {
  const lines: LineToPrice[] = []
  const details: Omit<OrderLinePrice, keyof PricedLine>[] = []
  for (const [id, quantity] of quantities) {
    const row = rows.find((r) => r.id === id)
    if (!row) return { kind: 'unavailable', error: `Instrument ${id} is not available` }
    const { name, brand, img, priceCents, stock, categoryId, surchargeCents } = row
    lines.push({ id, priceCents, quantity, categoryId, surchargeCents })
    details.push({ name, brand, img, priceCents, quantity, stock })
  }
  return { kind: 'cart', lines, details }
}

type CodeCheck = { id: number; code: string; terms: CodeTerms } | { reason: string }

// A code the shop does not offer (unknown or inactive) reads the same: nobody learns which codes
// exist by trying them. Both held and kept uses count, so payments under way cannot overspend it.
function codeCheck(code: CodeRow | null, lines: LineToPrice[], now: Date): CodeCheck {
  if (!code?.active) return { reason: CODE_REFUSALS.unknown }
  if (code.startsAt && now < code.startsAt) return { reason: CODE_REFUSALS.notYetValid }
  if (code.endsAt && now >= code.endsAt) return { reason: CODE_REFUSALS.expired }
  const uses = code.uses ?? { all: 0, yours: 0 }
  if (code.maxUses !== null && uses.all >= code.maxUses) return { reason: CODE_REFUSALS.usedUp }
  if (code.maxUsesPerShopper !== null && uses.yours >= code.maxUsesPerShopper) {
    return { reason: CODE_REFUSALS.alreadyUsed }
  }
  const terms: CodeTerms = {
    kind: code.kind,
    value: code.value,
    minSubtotalCents: code.minSubtotalCents,
    categoryIds: code.categoryIds,
  }
  const refused = codeCartRefusal(terms, lines)
  if (refused === 'belowMinimum') return { reason: belowMinimum(code.minSubtotalCents ?? 0) }
  if (refused === 'nothingApplies') return { reason: CODE_REFUSALS.nothingApplies }
  return { id: code.id, code: code.code, terms }
}
