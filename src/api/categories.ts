import { queryOptions } from '@tanstack/react-query'
import type { Category } from '../../contract/catalog'
import { api } from './http'

/** Query factory for categories (GET /category/all: banned ones included). */
export const categoryQueries = {
  all: () => ['categories'] as const,
  list: () =>
    queryOptions({
      queryKey: [...categoryQueries.all(), 'list'] as const,
      queryFn: () => api<Category[]>('get', 'category/all'),
      staleTime: 5 * 60_000,
    }),
}
