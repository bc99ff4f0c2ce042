import {
  focusManager,
  MutationCache,
  type Query,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { notify } from './lib/toast'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      accountScoped?: true
    }
    mutationMeta: {
      invalidates?: QueryKey[]
      submitDelay?: true
      errorToast?: false
    }
  }
}

const SUBMIT_DELAY_MS = 400

// React Query holds a retry while the tab is hidden, which left a failing page on its skeleton
// until the shopper came back to it. Nothing here refetches on focus, so the tab always counts as
// in front: one retry a second later, then the page says what went wrong.
focusManager.setFocused(true)

export function createQueryClient() {
  // The reads already on their way when a change is sent: they may answer as before it. React
  // Query joins an invalidation to a first read in flight instead of starting it again, so the
  // heart tapped while the favourites loaded emptied again once they arrived.
  const readsBefore = new WeakMap<object, Query[]>()
  const inFlight = (keys: QueryKey[] = []) =>
    keys.flatMap((queryKey) =>
      queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' }),
    )
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      onMutate: async (_vars, mutation) => {
        if (mutation.meta?.submitDelay)
          await new Promise((done) => setTimeout(done, SUBMIT_DELAY_MS))
        readsBefore.set(mutation, inFlight(mutation.meta?.invalidates))
      },
      // docs/product.md §8: a failed change shows the server's text.
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast !== false) notify.error(error.message)
      },
      onSuccess: async (_data, _vars, _ctx, mutation) => {
        await Promise.all(
          (mutation.meta?.invalidates ?? []).map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        )
        const stale = readsBefore.get(mutation) ?? []
        if (stale.length > 0) {
          await queryClient.refetchQueries({ predicate: (query) => stale.includes(query) })
        }
      },
    }),
  })
  return queryClient
}
