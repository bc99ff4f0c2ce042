import { fromCents, toCents } from '../../contract/money'
import {
  belowMinimum,
  CODE_REFUSALS,
  type DiscountCode,
  notShippedTo,
  type Quote,
  type ShippingZone,
  type TaxSettings,
} from '../../contract/pricing'
import {
  type CodeTerms,
  codeCartRefusal,
  type LineToPrice,
  priceLines,
  shippingOf,
} from '../../contract/pricing-rule'

// The mock backend's pricing (server/pricing/price-order.ts in memory): the same rule
// (contract/pricing-rule.ts), the zone by country name in any case, the code's dates and uses.

interface MockCode extends DiscountCode {
  /** Paid uses per shopper's account id. */
  usedBy: Map<number, number>
}

interface CatalogueLine {
  id: number
  name: string
  price: number
  categoryId: number
}

export interface PriceRequest {
  items: { id: number; quantity: number }[]
  country: string
  shippingMethodId?: number | undefined
  discountCode?: string | undefined
}

export interface MockPrice {
  quote: Quote
  /** The code's record when it applied: its use is taken when the sale is paid. */
  code: MockCode | null
  shippingMethod: string | null
}

export function createMockPricing() {
  const zones: ShippingZone[] = []
  const tax: TaxSettings = { pricesIncludeTax: true, rates: [] }
  const codes: MockCode[] = []
  const nextId = (rows: { id: number }[]) => Math.max(0, ...rows.map((r) => r.id)) + 1
  let methodIds = 0

  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

  function zoneFor(country: string) {
    const active = zones.filter((zone) => zone.active)
    if (active.length === 0) return 'anywhere' as const
    const zone =
      active.find((z) => z.countries.some((c) => same(c, country))) ??
      active.find((z) => z.coversRest)
    return zone && zone.methods.length > 0 ? zone : ('unserved' as const)
  }

  function codeRefusal(code: MockCode | undefined, accountId: number, lines: LineToPrice[]) {
    if (!code?.active) return CODE_REFUSALS.unknown
    const now = Date.now()
    if (code.startsAt && Date.parse(code.startsAt) > now) return CODE_REFUSALS.notYetValid
    if (code.endsAt && Date.parse(code.endsAt) <= now) return CODE_REFUSALS.expired
    if (code.maxUses !== null && code.uses >= code.maxUses) return CODE_REFUSALS.usedUp
    const mine = code.usedBy.get(accountId) ?? 0
    if (code.maxUsesPerShopper !== null && mine >= code.maxUsesPerShopper) {
      return CODE_REFUSALS.alreadyUsed
    }
    const refusal = codeCartRefusal(termsOf(code), lines)
    if (refusal === 'belowMinimum') return belowMinimum(termsOf(code).minSubtotalCents ?? 0)
    return refusal && CODE_REFUSALS[refusal]
  }

  function price(catalogue: CatalogueLine[], accountId: number, request: PriceRequest): MockPrice {
    const lines: LineToPrice[] = request.items.map((item) => {
      const line = catalogue.find((c) => c.id === item.id) as CatalogueLine
      const priceCents = toCents(line.price)
      return {
        id: line.id,
        priceCents,
        quantity: item.quantity,
        categoryId: line.categoryId,
        surchargeCents: 0,
      }
    })
    const rate = tax.rates.find((r) => same(r.country, request.country))
    const rateHundredths = Math.round((rate?.rate ?? 0) * 100)
    const zone = zoneFor(request.country)
    const asked = request.discountCode?.trim()
    const code = asked ? codes.find((c) => same(c.code, asked)) : undefined
    const codeRefused = asked ? codeRefusal(code, accountId, lines) : null
    const terms = code && !codeRefused ? termsOf(code) : null
    const base = { lines, code: terms, rateHundredths, pricesIncludeTax: tax.pricesIncludeTax }
    const discounted = priceLines({ ...base, method: null })
    const afterDiscount = discounted.subtotalCents - discounted.discountCents
    const methods = typeof zone === 'string' ? [] : zone.methods
    const methodTerms = (m: ShippingZone['methods'][number]) => ({
      priceCents: toCents(m.price),
      freeOverCents: m.freeOver === null ? null : toCents(m.freeOver),
    })
    const choices = methods
      .map((m) => ({ method: m, cents: shippingOf(methodTerms(m), lines, afterDiscount) }))
      .sort((a, b) => a.cents - b.cents || a.method.id - b.method.id)
    const chosen = choices.find((c) => c.method.id === request.shippingMethodId) ?? choices[0]
    const priced = priceLines({ ...base, method: chosen ? methodTerms(chosen.method) : null })
    const refusal =
      zone === 'unserved'
        ? { country: request.country, reason: notShippedTo(request.country) }
        : codeRefused
          ? { code: asked ?? '', reason: codeRefused }
          : undefined
    const quote: Quote = {
      lines: priced.lines.map((line, i) => {
        const item = catalogue.find((c) => c.id === line.id) as CatalogueLine
        return {
          id: line.id,
          name: item.name,
          price: item.price,
          quantity: lines[i]?.quantity ?? 0,
          discount: fromCents(line.discountCents),
          tax: fromCents(line.taxCents),
          total: fromCents(line.totalCents),
        }
      }),
      subtotal: fromCents(priced.subtotalCents),
      discount: fromCents(priced.discountCents),
      shipping: fromCents(priced.shippingCents),
      tax: fromCents(priced.taxCents),
      total: fromCents(priced.totalCents),
      taxIncluded: priced.taxIncluded,
      shippingMethods: choices.map(({ method, cents }) => ({
        id: method.id,
        name: method.name,
        price: fromCents(cents),
        days: method.days,
      })),
      shippingMethodId: chosen?.method.id ?? null,
      discountCode: terms && code ? code.code : null,
      ...(refusal && { refusal }),
    }
    return { quote, code: terms && code ? code : null, shippingMethod: chosen?.method.name ?? null }
  }

  return {
    zones,
    tax,
    codes,
    price,
    /** A paid sale keeps its code's use. */
    takeUse(code: MockCode, accountId: number) {
      code.uses += 1
      code.usedBy.set(accountId, (code.usedBy.get(accountId) ?? 0) + 1)
    },
    nextZoneId: () => nextId(zones),
    nextCodeId: () => nextId(codes),
    nextMethodId: () => {
      methodIds = Math.max(methodIds, ...zones.flatMap((z) => z.methods.map((m) => m.id))) + 1
      return methodIds
    },
    codeNamed: (code: string, except?: number) =>
      codes.find((c) => same(c.code, code) && c.id !== except),
  }
}

export type MockPricing = ReturnType<typeof createMockPricing>

function termsOf(code: DiscountCode): CodeTerms {
  return {
    kind: code.kind,
    value: Math.round(code.value * 100),
    minSubtotalCents: code.minSubtotal === null ? null : toCents(code.minSubtotal),
    categoryIds: code.categoryIds,
  }
}
