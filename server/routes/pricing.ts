import { Hono } from 'hono'
import { z } from 'zod'
import { fromCents } from '../../contract/money'
import {
  CODE_REFUSALS,
  discountCode,
  discountCodeBody,
  type Quote,
  quote,
  quoteBody,
  shippingZone,
  shippingZoneBody,
  taxSettings,
  taxSettingsAnswer,
} from '../../contract/pricing'
import { idField, messageResponse } from '../../contract/rules'
import { recordAudit } from '../audit'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { fail } from '../http-error'
import { requireAdmin, requireAuth } from '../middleware/auth'
import { refuseWhileThrottled } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { badId, describeOperation, idOk } from '../openapi/describe-operation'
import {
  createCode,
  createZone,
  deleteCode,
  deleteZone,
  listCodes,
  listZones,
  type OrderPrice,
  PricingRefused,
  priceOrder,
  saveTaxSettings,
  taxSettingsOf,
  updateCode,
  updateZone,
} from '../pricing'

// POST /checkout/quote: what the checkout shows before Pay. A refused code or an unserved country
// is part of the answer (200), as the contract says; only bad input is a 4xx.
export const checkoutRoutes = new Hono<AppEnv>()

const aboutQuote = describeOperation({
  summary:
    "What the order costs before Pay: each line's discount and tax, the subtotal, discount, shipping, tax and total (total = subtotal − discount + shipping, + tax when taxIncluded is false), the methods of the country's zone (cheapest first; the one named by shippingMethodId, else the cheapest, is chosen). A code that cannot apply leaves the quote without it and adds refusal { code, reason }; a country no zone covers gives shippingMethods [] and refusal { country, reason }. A shop with no active zone charges no shipping",
  auth: 'user',
  responses: {
    200: quote,
    400: 'A bad or missing items, country, shippingMethodId or discountCode (named), or an instrument that is not available',
    429: 'Too many unknown discount codes tried: wait the seconds in Retry-After',
  },
})

checkoutRoutes.post('/quote', aboutQuote, requireAuth, validate(quoteBody), async (c) => {
  const body = c.req.valid('json')
  const account = c.get('account')
  const guesses: ['discount-code-account', string] = ['discount-code-account', String(account.id)]
  // Codes are worth money: an account trying code after code is slowed, not answered.
  if (body.discountCode) await refuseWhileThrottled(c, [guesses])
  const { db, throttle } = c.get('deps')
  const pricing = await priceOrder(db, { ...body, accountId: account.id }, new Date())
  if (pricing.kind === 'invalid') return fail(400, `items: ${pricing.error}`, pricing.field)
  const { price, refusal } = pricing
  if (refusal && 'code' in refusal && refusal.reason === CODE_REFUSALS.unknown) {
    await throttle.hit('discount-code-account', guesses[1])
  }
  return c.json(toQuote(price, refusal))
})

function toQuote(price: OrderPrice, refusal: Quote['refusal']): Quote {
  return {
    lines: price.lines.map((line) => ({
      id: line.id,
      name: line.name,
      price: fromCents(line.priceCents),
      quantity: line.quantity,
      discount: fromCents(line.discountCents),
      tax: fromCents(line.taxCents),
      total: fromCents(line.totalCents),
    })),
    subtotal: fromCents(price.subtotalCents),
    discount: fromCents(price.discountCents),
    shipping: fromCents(price.shippingCents),
    tax: fromCents(price.taxCents),
    total: fromCents(price.totalCents),
    taxIncluded: price.taxIncluded,
    shippingMethods: price.shippingMethods.map((method) => ({
      id: method.id,
      name: method.name,
      price: fromCents(method.priceCents),
      days: method.days,
    })),
    shippingMethodId: price.shippingMethod?.id ?? null,
    discountCode: price.discountCode?.code ?? null,
    ...(refusal && { refusal }),
  }
}

// The back office's Shipping, Taxes and Discounts tabs. Admins only (checked per route: a `use`
// here would run for every /admin path of the back office too); every change is audited in its
// own transaction.
export const pricingAdminRoutes = new Hono<AppEnv>()

const DUPLICATE_ZONE = 'name: a shipping zone with this name, or a country in it, already exists'
const DUPLICATE_CODE = 'code: a discount code with this code already exists'

/** Runs an admin write; a refusal from the pricing room, or a race lost on a unique index, is its 4xx. */
async function adminWrite<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
  duplicate: { error: string; field: string },
): Promise<T> {
  try {
    return await db.transaction(work)
  } catch (error) {
    if (error instanceof PricingRefused) {
      const { refusal } = error
      if (refusal.kind === 'not_found') fail(404, refusal.error)
      fail(400, refusal.error, refusal.field)
    }
    if (isUniqueViolation(error)) fail(400, duplicate.error, duplicate.field)
    throw error
  }
}

function idParam(value: string | undefined): number {
  const parsed = idField.safeParse(value)
  if (!parsed.success) fail(400, 'id: must be a positive whole number', 'id')
  return parsed.data
}

const aboutListShippingZones = describeOperation({
  summary: 'Every shipping zone with its countries and methods, by name',
  auth: 'admin',
  responses: { 200: z.array(shippingZone) },
})

pricingAdminRoutes.get('/shipping-zones', aboutListShippingZones, requireAdmin, async (c) =>
  c.json(await listZones(c.get('deps').db)),
)

const aboutCreateShippingZones = describeOperation({
  summary:
    'Create a shipping zone: its countries (matched by name without case, each in one zone at most), whether it covers every other country (one zone at most), active, and its methods (name, price, freeOver, days)',
  auth: 'admin',
  responses: {
    201: messageResponse.extend({ zone: shippingZone }),
    400: 'A bad field, a name or country already in a zone, or a second zone covering every other country (named)',
  },
})

pricingAdminRoutes.post(
  '/shipping-zones',
  aboutCreateShippingZones,
  requireAdmin,
  validate(shippingZoneBody),
  async (c) => {
    const body = c.req.valid('json')
    const zone = await adminWrite(
      c.get('deps').db,
      async (tx) => {
        const zone = await createZone(tx, body)
        const entry = { kind: 'zone.create', entity: 'zone', entityId: zone.id } as const
        await recordAudit(tx, c.get('account'), { ...entry, after: zone })
        return zone
      },
      { error: DUPLICATE_ZONE, field: 'name' },
    )
    return c.json({ ok: 'Shipping zone created', zone }, 201)
  },
)

const aboutReplaceShippingZones = describeOperation({
  summary:
    'Replace a zone: a method sent with its id keeps it, one without an id is new, one left out is deleted',
  auth: 'admin',
  responses: {
    200: messageResponse.extend({ zone: shippingZone }),
    400: `${badId}; or a bad field (named)`,
    404: 'Shipping zone not found',
  },
})

pricingAdminRoutes.put(
  '/shipping-zones/:id',
  aboutReplaceShippingZones,
  requireAdmin,
  validate(shippingZoneBody),
  async (c) => {
    const id = idParam(c.req.param('id'))
    const body = c.req.valid('json')
    const zone = await adminWrite(
      c.get('deps').db,
      async (tx) => {
        const { before, after } = await updateZone(tx, id, body)
        const entry = { kind: 'zone.update', entity: 'zone', entityId: id } as const
        await recordAudit(tx, c.get('account'), { ...entry, before, after })
        return after
      },
      { error: DUPLICATE_ZONE, field: 'name' },
    )
    return c.json({ ok: 'Shipping zone saved', zone })
  },
)

const aboutDeleteShippingZones = describeOperation({
  summary: 'Delete a zone and its methods',
  auth: 'admin',
  responses: { 200: idOk, 400: badId, 404: 'Shipping zone not found' },
})

pricingAdminRoutes.delete(
  '/shipping-zones/:id',
  aboutDeleteShippingZones,
  requireAdmin,
  async (c) => {
    const id = idParam(c.req.param('id'))
    await adminWrite(
      c.get('deps').db,
      async (tx) => {
        const before = await deleteZone(tx, id)
        const entry = { kind: 'zone.delete', entity: 'zone', entityId: id } as const
        await recordAudit(tx, c.get('account'), { ...entry, before })
      },
      { error: DUPLICATE_ZONE, field: 'name' },
    )
    return c.json({ ok: 'Shipping zone deleted', id })
  },
)

const aboutTaxRead = describeOperation({
  summary:
    'Whether catalogue prices include tax (default true), and the rate in percent per country',
  auth: 'admin',
  responses: { 200: taxSettingsAnswer },
})

pricingAdminRoutes.get('/tax', aboutTaxRead, requireAdmin, async (c) =>
  c.json(await taxSettingsOf(c.get('deps').db)),
)

const aboutTaxSave = describeOperation({
  summary:
    'Replace the tax settings: pricesIncludeTax and every rate (a country without one pays no tax)',
  auth: 'admin',
  responses: {
    200: messageResponse.extend(taxSettingsAnswer.shape),
    400: 'A bad field or a country listed twice (named)',
  },
})

pricingAdminRoutes.put('/tax', aboutTaxSave, requireAdmin, validate(taxSettings), async (c) => {
  const settings = c.req.valid('json')
  const saved = await adminWrite(
    c.get('deps').db,
    async (tx) => {
      const before = await taxSettingsOf(tx)
      await saveTaxSettings(tx, settings)
      const after = await taxSettingsOf(tx)
      const entry = { kind: 'setting.update', entity: 'setting', entityId: 'tax' } as const
      await recordAudit(tx, c.get('account'), { ...entry, before, after })
      return after
    },
    { error: 'rates: a country is listed twice', field: 'rates' },
  )
  return c.json({ ok: 'Tax settings saved', ...saved })
})

const aboutListDiscountCodes = describeOperation({
  summary:
    'Every discount code with its uses so far (paid sales and payments under way that hold one), by code',
  auth: 'admin',
  responses: { 200: z.array(discountCode) },
})

pricingAdminRoutes.get('/discount-codes', aboutListDiscountCodes, requireAdmin, async (c) =>
  c.json(await listCodes(c.get('deps').db)),
)

const aboutCreateDiscountCodes = describeOperation({
  summary:
    'Create a discount code (matched without case): percent or amount, an optional minimum subtotal, the categories it applies to (none: all), startsAt, endsAt, maxUses, maxUsesPerShopper, active',
  auth: 'admin',
  responses: {
    201: messageResponse.extend({ discountCode }),
    400: 'A bad field, a code that exists or a category that does not (named)',
  },
})

pricingAdminRoutes.post(
  '/discount-codes',
  aboutCreateDiscountCodes,
  requireAdmin,
  validate(discountCodeBody),
  async (c) => {
    const body = c.req.valid('json')
    const code = await adminWrite(
      c.get('deps').db,
      async (tx) => {
        const code = await createCode(tx, body)
        const entry = { kind: 'discount.create', entity: 'discount', entityId: code.id } as const
        await recordAudit(tx, c.get('account'), { ...entry, after: code })
        return code
      },
      { error: DUPLICATE_CODE, field: 'code' },
    )
    return c.json({ ok: 'Discount code created', discountCode: code }, 201)
  },
)

const aboutReplaceDiscountCodes = describeOperation({
  summary: 'Replace a discount code; its uses so far stay',
  auth: 'admin',
  responses: {
    200: messageResponse.extend({ discountCode }),
    400: `${badId}; or a bad field (named)`,
    404: 'Discount code not found',
  },
})

pricingAdminRoutes.put(
  '/discount-codes/:id',
  aboutReplaceDiscountCodes,
  requireAdmin,
  validate(discountCodeBody),
  async (c) => {
    const id = idParam(c.req.param('id'))
    const body = c.req.valid('json')
    const code = await adminWrite(
      c.get('deps').db,
      async (tx) => {
        const { before, after } = await updateCode(tx, id, body)
        const entry = { kind: 'discount.update', entity: 'discount', entityId: id } as const
        await recordAudit(tx, c.get('account'), { ...entry, before, after })
        return after
      },
      { error: DUPLICATE_CODE, field: 'code' },
    )
    return c.json({ ok: 'Discount code saved', discountCode: code })
  },
)

const aboutDeleteDiscountCodes = describeOperation({
  summary: 'Delete a discount code; sales that used it keep its words',
  auth: 'admin',
  responses: { 200: idOk, 400: badId, 404: 'Discount code not found' },
})

pricingAdminRoutes.delete(
  '/discount-codes/:id',
  aboutDeleteDiscountCodes,
  requireAdmin,
  async (c) => {
    const id = idParam(c.req.param('id'))
    await adminWrite(
      c.get('deps').db,
      async (tx) => {
        const before = await deleteCode(tx, id)
        const entry = { kind: 'discount.delete', entity: 'discount', entityId: id } as const
        await recordAudit(tx, c.get('account'), { ...entry, before })
      },
      { error: DUPLICATE_CODE, field: 'code' },
    )
    return c.json({ ok: 'Discount code deleted', id })
  },
)
