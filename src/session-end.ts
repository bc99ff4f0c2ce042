import type { Query, QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { useCartStore } from './stores/cart'
import { useSessionStore } from './stores/session'

interface RunningApp {
  router: AnyRouter
  queryClient: QueryClient
}
let app: RunningApp | undefined

export function endSessionsIn(running: RunningApp | undefined) {
  app = running
}

const isAccountScoped = (query: Query) => query.meta?.accountScoped === true

// However a session ends, the cart empties (docs/product.md §4) and every account-scoped answer is dropped,
// so the next person on this browser sees nothing of the previous one's.
useSessionStore.subscribe((state, previous) => {
  if (!previous.session || state.session) return
  useCartStore.getState().clear()
  if (!app) return
  const { router, queryClient } = app
  // The guards first send a signed-out person off an account page, so nothing still mounted
  // refetches what is dropped.
  void router.invalidate().then(() => queryClient.removeQueries({ predicate: isAccountScoped }))
})
