import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type {
  CancelBody,
  Order,
  OrderChanged,
  RefundBody,
  RefundMade,
  ShipmentBody,
} from '../../contract/orders'
import { accountScoped, api } from './http'
import { instrumentQueries } from './instruments'
import { saleQueries } from './sales'

// One order (GET /sales/{id}): the shopper's order page and the admin's Detalles read it; an
// admin's move changes the order, the sales lists (status, net revenue) and, when units go back
// on the shelf, the catalogue's stock.
export const orderQueries = {
  all: () => ['orders'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(), id] as const,
      meta: accountScoped,
      queryFn: () => api<Order>('get', `sales/${id}`),
    }),
}

const changed = [orderQueries.all(), saleQueries.all()]
const restocked = [...changed, instrumentQueries.all()]

/** One key per refund or cancel the admin means: a retry after a lost answer refunds once. */
export interface Keyed<Body> {
  body: Body
  idempotencyKey: string
}

export const orderMutations = {
  ship: (id: number) =>
    mutationOptions({
      mutationFn: (body: ShipmentBody) =>
        api<OrderChanged>('post', `sales/${id}/shipment`, { json: body }),
      meta: { invalidates: changed },
    }),
  deliver: (id: number) =>
    mutationOptions({
      mutationFn: () => api<OrderChanged>('post', `sales/${id}/delivered`, { json: {} }),
      meta: { invalidates: changed },
    }),
  cancel: (id: number) =>
    mutationOptions({
      mutationFn: ({ body, idempotencyKey }: Keyed<CancelBody>) =>
        api<OrderChanged>('post', `sales/${id}/cancel`, {
          json: body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      meta: { invalidates: restocked },
    }),
  refund: (id: number) =>
    mutationOptions({
      mutationFn: ({ body, idempotencyKey }: Keyed<RefundBody>) =>
        // 202 (OrderChanged) when the provider has it and the shop is still recording it.
        api<RefundMade | OrderChanged>('post', `sales/${id}/refunds`, {
          json: body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      meta: { invalidates: restocked },
    }),
}
