import { queryOptions } from '@tanstack/react-query'
import type { Category } from '../../contract/catalog'
import { api } from './http'

export const categoryQueries = {
  all: () => ['categories'] as const,
  /** The back office's list, banned ones included. */
  list: () =>
    queryOptions({
      queryKey: [...categoryQueries.all(), 'list'] as const,
      queryFn: () => api<Category[]>('get', 'category/all'),
      staleTime: 5 * 60_000,
    }),
  /** The storefront filter's: only what shoppers may see. */
  visible: () =>
    queryOptions({
      queryKey: [...categoryQueries.all(), 'visible'] as const,
      queryFn: () => api<Category[]>('get', 'category'),
      staleTime: 5 * 60_000,
    }),
}
