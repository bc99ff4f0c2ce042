import { queryOptions } from '@tanstack/react-query'
import type { Sale } from '../../contract/sales'
import { accountScoped, api } from './http'

export const saleQueries = {
  all: () => ['sales'] as const,
  list: () =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<Sale[]>('get', 'transactions'),
    }),
  mine: () =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'mine'] as const,
      meta: accountScoped,
      queryFn: () => api<Sale[]>('get', 'transactions/user'),
    }),
}
