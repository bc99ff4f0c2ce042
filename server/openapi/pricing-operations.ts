import { z } from 'zod'
import { discountCode, quote, shippingZone, taxSettingsAnswer } from '../../contract/pricing'
import { messageResponse } from '../../contract/rules'
import type { Operation } from './operations'

const badId = 'id: must be a positive whole number'
const idOk = messageResponse.extend({ id: z.number() })

// Shipping, tax and discount codes (server/routes/pricing.ts). Money is in the unit of `price`.
export const pricingOperations: Record<string, Operation> = {
  'POST /checkout/quote': {
    summary:
      "What the order costs before Pay: each line's discount and tax, the subtotal, discount, shipping, tax and total (total = subtotal − discount + shipping, + tax when taxIncluded is false), the methods of the country's zone (cheapest first; the one named by shippingMethodId, else the cheapest, is chosen). A code that cannot apply leaves the quote without it and adds refusal { code, reason }; a country no zone covers gives shippingMethods [] and refusal { country, reason }. A shop with no active zone charges no shipping",
    auth: 'user',
    responses: {
      200: quote,
      400: 'A bad or missing items, country, shippingMethodId or discountCode (named), or an instrument that is not available',
      429: 'Too many unknown discount codes tried: wait the seconds in Retry-After',
    },
  },
  'GET /admin/shipping-zones': {
    summary: 'Every shipping zone with its countries and methods, by name',
    auth: 'admin',
    responses: { 200: z.array(shippingZone) },
  },
  'POST /admin/shipping-zones': {
    summary:
      'Create a shipping zone: its countries (matched by name without case, each in one zone at most), whether it covers every other country (one zone at most), active, and its methods (name, price, freeOver, days)',
    auth: 'admin',
    responses: {
      201: messageResponse.extend({ zone: shippingZone }),
      400: 'A bad field, a name or country already in a zone, or a second zone covering every other country (named)',
    },
  },
  'PUT /admin/shipping-zones/:id': {
    summary:
      'Replace a zone: a method sent with its id keeps it, one without an id is new, one left out is deleted',
    auth: 'admin',
    responses: {
      200: messageResponse.extend({ zone: shippingZone }),
      400: `${badId}; or a bad field (named)`,
      404: 'Shipping zone not found',
    },
  },
  'DELETE /admin/shipping-zones/:id': {
    summary: 'Delete a zone and its methods',
    auth: 'admin',
    responses: { 200: idOk, 400: badId, 404: 'Shipping zone not found' },
  },
  'GET /admin/tax': {
    summary:
      'Whether catalogue prices include tax (default true), and the rate in percent per country',
    auth: 'admin',
    responses: { 200: taxSettingsAnswer },
  },
  'PUT /admin/tax': {
    summary:
      'Replace the tax settings: pricesIncludeTax and every rate (a country without one pays no tax)',
    auth: 'admin',
    responses: {
      200: messageResponse.extend(taxSettingsAnswer.shape),
      400: 'A bad field or a country listed twice (named)',
    },
  },
  'GET /admin/discount-codes': {
    summary:
      'Every discount code with its uses so far (paid sales and payments under way that hold one), by code',
    auth: 'admin',
    responses: { 200: z.array(discountCode) },
  },
  'POST /admin/discount-codes': {
    summary:
      'Create a discount code (matched without case): percent or amount, an optional minimum subtotal, the categories it applies to (none: all), startsAt, endsAt, maxUses, maxUsesPerShopper, active',
    auth: 'admin',
    responses: {
      201: messageResponse.extend({ discountCode }),
      400: 'A bad field, a code that exists or a category that does not (named)',
    },
  },
  'PUT /admin/discount-codes/:id': {
    summary: 'Replace a discount code; its uses so far stay',
    auth: 'admin',
    responses: {
      200: messageResponse.extend({ discountCode }),
      400: `${badId}; or a bad field (named)`,
      404: 'Discount code not found',
    },
  },
  'DELETE /admin/discount-codes/:id': {
    summary: 'Delete a discount code; sales that used it keep its words',
    auth: 'admin',
    responses: { 200: idOk, 400: badId, 404: 'Discount code not found' },
  },
}
