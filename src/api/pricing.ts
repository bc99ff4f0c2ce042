import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type {
  DiscountCode,
  DiscountCodeBody,
  Quote,
  QuoteBody,
  ShippingZone,
  ShippingZoneBody,
  TaxSettings,
  TaxSettingsBody,
} from '../../contract/pricing'
import type { MessageResponse } from '../../contract/rules'
import { accountScoped, api } from './http'

// Shipping zones, tax and discount codes: the back office's three tabs and the
// checkout's quote, which prices the order on the server (the browser never adds prices).

export const shippingZoneQueries = {
  all: () => ['shipping-zones'] as const,
  list: () =>
    queryOptions({
      queryKey: [...shippingZoneQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<ShippingZone[]>('get', 'admin/shipping-zones'),
    }),
}

export const taxQueries = {
  all: () => ['tax'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...taxQueries.all(), 'settings'] as const,
      meta: accountScoped,
      queryFn: () => api<TaxSettings>('get', 'admin/tax'),
    }),
}

export const discountCodeQueries = {
  all: () => ['discount-codes'] as const,
  list: () =>
    queryOptions({
      queryKey: [...discountCodeQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<DiscountCode[]>('get', 'admin/discount-codes'),
    }),
}

export const quoteQueries = {
  all: () => ['quote'] as const,
  /** What this cart costs sent there with that method and code. */
  quote: (body: QuoteBody) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), body] as const,
      meta: accountScoped,
      queryFn: () => api<Quote>('post', 'checkout/quote', { json: body }),
    }),
}

// A change of zones, rates or codes changes what a cart costs: the open quote is asked again.
const zoneWrites = [shippingZoneQueries.all(), quoteQueries.all()]
const codeWrites = [discountCodeQueries.all(), quoteQueries.all()]

/** A zone's edit form sends its id with the body, as the generic edit form does. */
export type ShippingZoneUpdate = ShippingZoneBody & { id: number }
export type DiscountCodeUpdate = DiscountCodeBody & { id: number }

export const shippingZoneMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: ShippingZoneBody) =>
        api<MessageResponse>('post', 'admin/shipping-zones', { json: body }),
      meta: { invalidates: zoneWrites, submitDelay: true },
    }),
  update: () =>
    mutationOptions({
      mutationFn: ({ id, ...body }: ShippingZoneUpdate) =>
        api<MessageResponse>('put', `admin/shipping-zones/${id}`, { json: body }),
      meta: { invalidates: zoneWrites },
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', `admin/shipping-zones/${id}`),
      meta: { invalidates: zoneWrites },
    }),
}

export const taxMutations = {
  save: () =>
    mutationOptions({
      mutationFn: (body: TaxSettingsBody) =>
        api<MessageResponse>('put', 'admin/tax', { json: body }),
      meta: { invalidates: [taxQueries.all(), quoteQueries.all()] },
    }),
}

export const discountCodeMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: DiscountCodeBody) =>
        api<MessageResponse>('post', 'admin/discount-codes', { json: body }),
      meta: { invalidates: codeWrites, submitDelay: true },
    }),
  update: () =>
    mutationOptions({
      mutationFn: ({ id, ...body }: DiscountCodeUpdate) =>
        api<MessageResponse>('put', `admin/discount-codes/${id}`, { json: body }),
      meta: { invalidates: codeWrites },
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', `admin/discount-codes/${id}`),
      meta: { invalidates: codeWrites },
    }),
}
