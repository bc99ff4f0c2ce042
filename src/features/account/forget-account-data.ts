import type { QueryClient } from '@tanstack/react-query'
import { adminQueries } from '../../api/admins'
import { favouriteQueries } from '../../api/favourites'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'

/**
 * Drops the cached data of whoever was signed in, so the next person on this browser never
 * sees the previous one's profile, purchases, favourites or back-office lists (the cache keys
 * carry no user).
 */
export function forgetAccountData(queryClient: QueryClient) {
  const accountScoped = [
    userQueries.all(),
    adminQueries.all(),
    saleQueries.all(),
    favouriteQueries.all(),
  ]
  for (const queryKey of accountScoped) {
    queryClient.removeQueries({ queryKey })
  }
}
