import { z } from 'zod'
import { formatCents } from './money'
import { idField, MAX_LENGTH, numberField, required, text } from './rules'

// What an order costs beyond its instruments: shipping, tax and discount codes
// (docs/decisions/2026-11-24-card-payments.md, "Pricing"). Money in these bodies is in the unit of
// `price` with two decimals; the server turns it into whole cents at once (contract/money.ts).

export const MAX_CODE_LENGTH = 40
export const MAX_COUNTRIES = 300
export const MAX_METHODS = 20
export const MAX_TAX_RATES = 300
export const MAX_CODE_CATEGORIES = 100
/** The most any amount of these bodies may be: the price column's own bound. */
export const MAX_MONEY = 1_000_000

// A code refused: the quote comes without it and says why, in these words.
export const CODE_REFUSALS = {
  unknown: 'This discount code does not exist',
  notYetValid: 'This discount code is not valid yet',
  expired: 'This discount code has expired',
  usedUp: 'This discount code has been used up',
  alreadyUsed: 'You have already used this discount code',
  nothingApplies: 'Nothing in your cart is eligible for this discount code',
} as const
export const belowMinimum = (minSubtotalCents: number) =>
  `This discount code needs a subtotal of at least ${formatCents(minSubtotalCents)}`
export const notShippedTo = (country: string) => `We do not ship to ${country} yet`

/** Stripe takes no card payment under $0.50. */
const SMALLEST_CHARGE_CENTS = 50

/**
 * Why no card can pay this total, or null: one between nothing and Stripe's smallest payment is
 * refused before anything moves; one of 0 is paid without the card.
 */
export const smallChargeRefusal = (totalCents: number): string | null =>
  totalCents > 0 && totalCents < SMALLEST_CHARGE_CENTS
    ? `A card payment is at least ${formatCents(SMALLEST_CHARGE_CENTS)}: this order comes to ${formatCents(totalCents)}`
    : null

/** Blank in a form is missing, never 0 or ''. */
const blankIsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => blankIsMissing(v) ?? null, schema.nullable()).optional()

const TWO_DECIMALS = 'must have at most two decimals'
const hasTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6

/** An amount of money: ≥ 0, at most two decimals. */
export const moneyField = () =>
  numberField('must be an amount').pipe(
    z
      .number()
      .nonnegative('must not be negative')
      .max(MAX_MONEY, `at most ${MAX_MONEY}`)
      .refine(hasTwoDecimals, TWO_DECIMALS),
  )

const wholeNumber = (min: number, max: number) =>
  numberField('must be a whole number').pipe(
    z.number().int('must be a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`),
  )

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])

export const countryField = () => required('Required', MAX_LENGTH.name)

// Codes are told apart without case: 'SUMMER10' and 'summer10' are one code.
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/
export const codeField = () =>
  required('Required', MAX_CODE_LENGTH).regex(
    CODE_PATTERN,
    'only letters, digits, - and _ (no spaces)',
  )

// POST /checkout/quote: what the checkout shows before Pay.
export const quoteBody = z.object({
  items: z
    .array(
      z.object({
        id: idField,
        quantity: z.number().int('quantity must be a whole number').min(1).max(1000),
      }),
    )
    .min(1, 'The cart is empty')
    .max(100, 'at most 100 lines'),
  country: countryField(),
  shippingMethodId: z.preprocess(blankIsMissing, idField.optional()),
  // A blank field is no code: the shopper cleared it.
  discountCode: z.preprocess(blankIsMissing, text(MAX_CODE_LENGTH).trim().optional()),
})
export type QuoteBody = z.input<typeof quoteBody>

export const quoteLine = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  /** This line's share of the code's discount. */
  discount: z.number(),
  /** Tax in this line: inside `total` when prices include tax, added to it otherwise. */
  tax: z.number(),
  /** What the line costs: price × quantity − discount (+ tax when prices exclude it). */
  total: z.number(),
})
export type QuoteLine = z.infer<typeof quoteLine>

export const quoteShippingMethod = z.object({
  id: z.number(),
  name: z.string(),
  /** What this method costs for this cart: free over its amount, with the surcharges. */
  price: z.number(),
  days: z.number().nullable(),
})
export type QuoteShippingMethod = z.infer<typeof quoteShippingMethod>

export const quoteRefusal = z.union([
  z.object({ code: z.string(), reason: z.string() }),
  z.object({ country: z.string(), reason: z.string() }),
])
export type QuoteRefusal = z.infer<typeof quoteRefusal>

// total = subtotal − discount + shipping, + tax when prices exclude it (taxIncluded false).
export const quote = z.object({
  lines: z.array(quoteLine),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  taxIncluded: z.boolean(),
  shippingMethods: z.array(quoteShippingMethod),
  shippingMethodId: z.number().nullable(),
  discountCode: z.string().nullable(),
  refusal: quoteRefusal.optional(),
})
export type Quote = z.infer<typeof quote>

// Shipping zones: the countries a zone covers and its methods. One zone may cover every other
// country (`coversRest`); a country belongs to one zone at most.
export const shippingMethodBody = z.object({
  id: idField.optional(),
  name: required(),
  price: moneyField(),
  /** Free when the subtotal after discounts reaches it; the surcharges are still charged. */
  freeOver: orNull(moneyField()),
  /** Delivery estimate in days. */
  days: orNull(wholeNumber(0, 365)),
})
export type ShippingMethodBody = z.input<typeof shippingMethodBody>

export const shippingZoneBody = z.object({
  name: required(),
  countries: z.array(countryField()).max(MAX_COUNTRIES, `at most ${MAX_COUNTRIES}`).default([]),
  coversRest: flag.default(false),
  active: flag.default(true),
  methods: z
    .array(shippingMethodBody)
    .min(1, 'a zone needs at least one method')
    .max(MAX_METHODS, `at most ${MAX_METHODS}`),
})
export type ShippingZoneBody = z.input<typeof shippingZoneBody>

export const shippingMethod = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  freeOver: z.number().nullable(),
  days: z.number().nullable(),
})
export type ShippingMethod = z.infer<typeof shippingMethod>

export const shippingZone = z.object({
  id: z.number(),
  name: z.string(),
  countries: z.array(z.string()),
  coversRest: z.boolean(),
  active: z.boolean(),
  methods: z.array(shippingMethod),
})
export type ShippingZone = z.infer<typeof shippingZone>

// Tax: a rate in percent per country, and whether catalogue prices already include it.
export const taxRate = z.object({
  country: countryField(),
  rate: numberField('must be a number').pipe(
    z.number().min(0, 'at least 0').max(100, 'at most 100').refine(hasTwoDecimals, TWO_DECIMALS),
  ),
})
export const taxSettings = z.object({
  pricesIncludeTax: flag,
  rates: z.array(taxRate).max(MAX_TAX_RATES, `at most ${MAX_TAX_RATES}`),
})
export type TaxSettings = z.output<typeof taxSettings>
/** What GET and PUT /admin/tax answer. */
export const taxSettingsAnswer = z.object({
  pricesIncludeTax: z.boolean(),
  rates: z.array(z.object({ country: z.string(), rate: z.number() })),
})
export type TaxSettingsBody = z.input<typeof taxSettings>

const moment = z.preprocess(
  (v) => blankIsMissing(v) ?? null,
  z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date or an ISO date-time')
    .nullable(),
)

export const discountCodeBody = z
  .object({
    code: codeField(),
    kind: z.enum(['percent', 'amount'], { message: "must be 'percent' or 'amount'" }),
    /** Percent (up to 100, two decimals) or an amount off the eligible lines. */
    value: moneyField().refine((v) => v > 0, 'must be more than 0'),
    minSubtotal: orNull(moneyField()),
    /** The categories it applies to; none: the whole cart. */
    categoryIds: z
      .array(idField)
      .max(MAX_CODE_CATEGORIES, `at most ${MAX_CODE_CATEGORIES}`)
      .default([]),
    startsAt: moment.optional(),
    endsAt: moment.optional(),
    maxUses: orNull(wholeNumber(1, 1_000_000)),
    maxUsesPerShopper: orNull(wholeNumber(1, 1_000_000)),
    active: flag.default(true),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && body.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage is at most 100' })
    }
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' })
    }
  })
export type DiscountCodeBody = z.input<typeof discountCodeBody>

export const discountCode = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number(),
  minSubtotal: z.number().nullable(),
  categoryIds: z.array(z.number()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerShopper: z.number().nullable(),
  active: z.boolean(),
  /** Uses so far: paid sales, and payments under way that hold one. */
  uses: z.number(),
})
export type DiscountCode = z.infer<typeof discountCode>
