import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { toCents } from '../../contract/money'
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
import { visibleToShoppers } from '../catalogue'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { discountCodeCategories, discountCodes, discountCodeUses } from '../db/schema/pricing'
import { codeIs } from './codes'
import { countryTerms } from './country-terms'

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
 * the shopper's uses of it. A shop with no active zone charges no shipping and ships anywhere; a
 * country without a rate pays no tax. Inside a reservation, `lockCode` locks the code's row, so
 * payments made at once count each other's uses (server/pricing/code-uses.ts), and
 * `lockInstruments` locks the cart's instruments (in id order, before the code: every reservation
 * takes them in the same order), so the reservation reads them once and takes their stock.
 */
export async function priceOrder(
  db: Database,
  request: PriceRequest,
  now: Date,
  opts: { lockCode?: boolean; lockInstruments?: boolean } = {},
): Promise<Pricing> {
  const cart = await cartLines(db, request.items, opts.lockInstruments)
  if (cart.kind === 'unavailable') return { kind: 'invalid', error: cart.error, field: 'items' }
  // One after another: inside a transaction the queries share one connection.
  const {
    pricesIncludeTax: includeTax,
    rateHundredths,
    zone,
  } = await countryTerms(db, request.country)
  const code = request.discountCode
    ? await codeFor(db, request.discountCode, request.accountId, cart.lines, now, opts.lockCode)
    : null
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
async function cartLines(
  db: Database,
  items: PriceRequest['items'],
  lock = false,
): Promise<
  | { kind: 'cart'; lines: LineToPrice[]; details: Omit<OrderLinePrice, keyof PricedLine>[] }
  | { kind: 'unavailable'; error: string }
> {
  const quantities = new Map<number, number>()
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity)
  const query = db
    .select({
      id: instruments.id,
      name: instruments.name,
      brand: instruments.brand,
      img: instruments.img,
      price: instruments.price,
      stock: instruments.stock,
      categoryId: instruments.categoryId,
      surchargeCents: instruments.shippingSurchargeCents,
    })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(and(inArray(instruments.id, [...quantities.keys()]), visibleToShoppers))
    .orderBy(asc(instruments.id))
  const rows = lock ? await query.for('update', { of: instruments }) : await query
  const lines: LineToPrice[] = []
  const details: Omit<OrderLinePrice, keyof PricedLine>[] = []
  for (const [id, quantity] of quantities) {
    const row = rows.find((r) => r.id === id)
    if (!row) return { kind: 'unavailable', error: `Instrument ${id} is not available` }
    const priceCents = toCents(row.price)
    lines.push({
      id,
      priceCents,
      quantity,
      categoryId: row.categoryId,
      surchargeCents: row.surchargeCents,
    })
    const { name, brand, img, stock } = row
    details.push({ name, brand, img, priceCents, quantity, stock })
  }
  return { kind: 'cart', lines, details }
}

type CodeCheck = { id: number; code: string; terms: CodeTerms } | { reason: string }

// A code the shop does not offer (unknown or inactive) reads the same: nobody learns which codes
// exist by trying them. Both held and kept uses count, so payments under way cannot overspend it.
async function codeFor(
  db: Database,
  asked: string,
  accountId: number,
  lines: LineToPrice[],
  now: Date,
  lock = false,
): Promise<CodeCheck> {
  // The categories it applies to come with it: no one locks them.
  const query = db
    .select({
      code: discountCodes,
      categoryIds: sql<number[]>`array(
        SELECT ${discountCodeCategories.categoryId} FROM ${discountCodeCategories}
        WHERE ${discountCodeCategories.codeId} = ${discountCodes.id})`,
    })
    .from(discountCodes)
    .where(codeIs(asked))
  const [found] = lock ? await query.for('update') : await query
  if (!found?.code.active) return { reason: CODE_REFUSALS.unknown }
  const { code: row, categoryIds } = found
  if (row.startsAt && now < row.startsAt) return { reason: CODE_REFUSALS.notYetValid }
  if (row.endsAt && now >= row.endsAt) return { reason: CODE_REFUSALS.expired }
  if (row.maxUses !== null || row.maxUsesPerShopper !== null) {
    const [uses] = await db
      .select({
        all: count(),
        yours: sql<number>`count(*) filter (where ${discountCodeUses.accountId} = ${accountId})::int`,
      })
      .from(discountCodeUses)
      .where(eq(discountCodeUses.codeId, row.id))
    if (row.maxUses !== null && (uses?.all ?? 0) >= row.maxUses) {
      return { reason: CODE_REFUSALS.usedUp }
    }
    if (row.maxUsesPerShopper !== null && (uses?.yours ?? 0) >= row.maxUsesPerShopper) {
      return { reason: CODE_REFUSALS.alreadyUsed }
    }
  }
  const terms: CodeTerms = {
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    categoryIds: categoryIds.map(Number),
  }
  const refused = codeCartRefusal(terms, lines)
  if (refused === 'belowMinimum') return { reason: belowMinimum(row.minSubtotalCents ?? 0) }
  if (refused === 'nothingApplies') return { reason: CODE_REFUSALS.nothingApplies }
  return { id: row.id, code: row.code, terms }
}
