import { queryOptions } from '@tanstack/react-query'
import type { Account } from '../../contract/users'
import { api } from './http'

/** Query factory for admin accounts (GET /admins, GET /admins/id). */
export const adminQueries = {
  all: () => ['admins'] as const,
  list: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'list'] as const,
      queryFn: () => api<Account[]>('get', 'admins'),
    }),
  /** The signed-in admin. */
  me: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'me'] as const,
      queryFn: () => api<Account>('get', 'admins/id'),
    }),
}
