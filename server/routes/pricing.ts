import { Hono } from 'hono'
import { fromCents } from '../../contract/money'
import {
  CODE_REFUSALS,
  discountCodeBody,
  type Quote,
  quoteBody,
  shippingZoneBody,
  taxSettings,
} from '../../contract/pricing'
import { idField } from '../../contract/rules'
import { recordAudit } from '../audit/record'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { fail } from '../http-error'
import { requireAdmin, requireAuth } from '../middleware/auth'
import { refuseWhileThrottled } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
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

checkoutRoutes.post('/quote', requireAuth, validate(quoteBody), async (c) => {
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

pricingAdminRoutes.get('/shipping-zones', requireAdmin, async (c) =>
  c.json(await listZones(c.get('deps').db)),
)

pricingAdminRoutes.post('/shipping-zones', requireAdmin, validate(shippingZoneBody), async (c) => {
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
})

pricingAdminRoutes.put(
  '/shipping-zones/:id',
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

pricingAdminRoutes.delete('/shipping-zones/:id', requireAdmin, async (c) => {
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
})

pricingAdminRoutes.get('/tax', requireAdmin, async (c) =>
  c.json(await taxSettingsOf(c.get('deps').db)),
)

pricingAdminRoutes.put('/tax', requireAdmin, validate(taxSettings), async (c) => {
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

pricingAdminRoutes.get('/discount-codes', requireAdmin, async (c) =>
  c.json(await listCodes(c.get('deps').db)),
)

pricingAdminRoutes.post('/discount-codes', requireAdmin, validate(discountCodeBody), async (c) => {
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
})

pricingAdminRoutes.put(
  '/discount-codes/:id',
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

pricingAdminRoutes.delete('/discount-codes/:id', requireAdmin, async (c) => {
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
})
