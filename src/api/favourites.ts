import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { Favourite } from '../../contract/catalog'
import type { MessageResponse } from '../../contract/rules'
import { accountScoped, api } from './http'

export const favouriteQueries = {
  all: () => ['favourites'] as const,
  list: () =>
    queryOptions({
      queryKey: [...favouriteQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<Favourite[]>('get', 'trolley'),
    }),
}

export const favouriteMutations = {
  add: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('post', 'trolley', { json: { id } }),
      meta: { invalidates: [favouriteQueries.all()] },
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', 'trolley', { json: { id } }),
      meta: { invalidates: [favouriteQueries.all()] },
    }),
}
