import type { QueryClient } from '@tanstack/react-query'
import { favouriteQueries } from '../../api/favourites'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'

/**
 * Drops the cached data of whoever was signed in, so the next person on this browser never
 * sees the previous one's profile, purchases or favourites (the cache keys carry no user).
 */
export function forgetAccountData(queryClient: QueryClient) {
  for (const queryKey of [userQueries.all(), saleQueries.all(), favouriteQueries.all()]) {
    queryClient.removeQueries({ queryKey })
  }
}
