import { queryOptions } from '@tanstack/react-query'
import type { Favourite } from '../../contract/catalog'
import { api } from './http'

/** Query factory for the signed-in person's favourites (the spec's /trolley). */
export const favouriteQueries = {
  all: () => ['favourites'] as const,
  list: () =>
    queryOptions({
      queryKey: [...favouriteQueries.all(), 'list'] as const,
      queryFn: () => api<Favourite[]>('get', 'trolley'),
    }),
}
