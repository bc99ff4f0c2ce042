import { queryOptions } from '@tanstack/react-query'
import type { Sale } from '../../contract/sales'
import { accountScoped, api } from './http'

/** Query factory for sales, the spec's Historyshops (GET /transactions, GET /transactions/user). */
export const saleQueries = {
  all: () => ['sales'] as const,
  /** Every sale (admin only). */
  list: () =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<Sale[]>('get', 'transactions'),
    }),
  /** The signed-in person's purchases. */
  mine: () =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'mine'] as const,
      meta: accountScoped,
      queryFn: () => api<Sale[]>('get', 'transactions/user'),
    }),
}
