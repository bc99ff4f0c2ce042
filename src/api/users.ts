import { queryOptions } from '@tanstack/react-query'
import type { Account } from '../../contract/users'
import { api } from './http'

/** Query factory for user accounts (GET /users/token, GET /users). */
export const userQueries = {
  all: () => ['users'] as const,
  /** The signed-in person's own account. */
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'me'] as const,
      queryFn: () => api<Account>('get', 'users/token'),
    }),
  /** Every user (admin only). */
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list'] as const,
      queryFn: () => api<Account[]>('get', 'users'),
    }),
}
