import type { z } from 'zod'
import { discountCodeBody, quoteBody, shippingZoneBody, taxSettings } from '../../contract/pricing'
import { http } from './http'
import type { MockShop } from './mock-shop'
import { parse } from './parse-body'

type Caller = (request: Request) => { id: number; rol: string } | null

const loggedOut = { status: 401 as const, body: { error: 'You need to log in' } }
const adminsOnly = { status: 403 as const, body: { error: 'Only administrators may do this' } }

// The mock backend's quote and pricing back office (server/routes/pricing.ts), in memory.
export function pricingHandlers(shop: MockShop, caller: Caller) {
  const { pricing } = shop
  const refused = (request: Request) => {
    const who = caller(request)
    if (!who) return loggedOut
    return who.rol === 'admin' ? null : adminsOnly
  }
  const zoneFrom = (id: number, body: z.output<typeof shippingZoneBody>) => ({
    id,
    ...body,
    methods: body.methods.map((method) => ({
      id: method.id ?? pricing.nextMethodId(),
      name: method.name,
      price: method.price,
      freeOver: method.freeOver ?? null,
      days: method.days ?? null,
    })),
  })
  const codeFrom = (id: number, body: z.output<typeof discountCodeBody>) => ({
    id,
    ...body,
    minSubtotal: body.minSubtotal ?? null,
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
    maxUses: body.maxUses ?? null,
    maxUsesPerShopper: body.maxUsesPerShopper ?? null,
  })
  const taken = (code: string) => ({
    error: `code: ${code} is already a discount code`,
    field: 'code',
  })

  return [
    http.post('/api/checkout/quote', async ({ request, response }) => {
      const account = caller(request)
      if (!account) return response(401).json(loggedOut.body)
      const body = await parse(quoteBody, request)
      if (body.error) return response(400).json(body.error)
      const missing = body.data.items.find((item) => !shop.shownInstrument(item.id))
      if (missing) {
        return response(400).json({
          error: `items: Instrument ${missing.id} is not available`,
          field: 'items',
        })
      }
      return response(200).json(pricing.price(shop.instruments, account.id, body.data).quote)
    }),

    http.get('/api/admin/shipping-zones', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json(pricing.zones)
    }),
    http.post('/api/admin/shipping-zones', async ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const body = await parse(shippingZoneBody, request)
      if (body.error) return response(400).json(body.error)
      const zone = zoneFrom(pricing.nextZoneId(), body.data)
      pricing.zones.push(zone)
      return response(201).json({ ok: 'Shipping zone created', zone })
    }),
    http.put('/api/admin/shipping-zones/{id}', async ({ params, request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const index = pricing.zones.findIndex((z) => z.id === Number(params.id))
      if (index < 0) return response(404).json({ error: 'Shipping zone not found' })
      const body = await parse(shippingZoneBody, request)
      if (body.error) return response(400).json(body.error)
      const zone = zoneFrom(Number(params.id), body.data)
      pricing.zones.splice(index, 1, zone)
      return response(200).json({ ok: 'Shipping zone saved', zone })
    }),
    http.delete('/api/admin/shipping-zones/{id}', ({ params, request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const index = pricing.zones.findIndex((z) => z.id === Number(params.id))
      if (index < 0) return response(404).json({ error: 'Shipping zone not found' })
      pricing.zones.splice(index, 1)
      return response(200).json({ ok: 'Shipping zone deleted', id: Number(params.id) })
    }),

    http.get('/api/admin/tax', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json(pricing.tax)
    }),
    http.put('/api/admin/tax', async ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const body = await parse(taxSettings, request)
      if (body.error) return response(400).json(body.error)
      Object.assign(pricing.tax, body.data)
      return response(200).json({ ok: 'Tax settings saved', ...pricing.tax })
    }),

    http.get('/api/admin/discount-codes', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json(pricing.codes.map(({ usedBy: _, ...code }) => code))
    }),
    http.post('/api/admin/discount-codes', async ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const body = await parse(discountCodeBody, request)
      if (body.error) return response(400).json(body.error)
      if (pricing.codeNamed(body.data.code)) return response(400).json(taken(body.data.code))
      const code = { ...codeFrom(pricing.nextCodeId(), body.data), uses: 0 }
      pricing.codes.push({ ...code, usedBy: new Map() })
      return response(201).json({ ok: 'Discount code created', discountCode: code })
    }),
    http.put('/api/admin/discount-codes/{id}', async ({ params, request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const id = Number(params.id)
      const code = pricing.codes.find((c) => c.id === id)
      if (!code) return response(404).json({ error: 'Discount code not found' })
      const body = await parse(discountCodeBody, request)
      if (body.error) return response(400).json(body.error)
      if (pricing.codeNamed(body.data.code, id)) return response(400).json(taken(body.data.code))
      Object.assign(code, codeFrom(id, body.data))
      const { usedBy: _, ...saved } = code
      return response(200).json({ ok: 'Discount code saved', discountCode: saved })
    }),
    http.delete('/api/admin/discount-codes/{id}', ({ params, request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const index = pricing.codes.findIndex((c) => c.id === Number(params.id))
      if (index < 0) return response(404).json({ error: 'Discount code not found' })
      pricing.codes.splice(index, 1)
      return response(200).json({ ok: 'Discount code deleted', id: Number(params.id) })
    }),
  ]
}
