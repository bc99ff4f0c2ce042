import { focusManager, MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query'
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
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      onMutate: async (_vars, mutation) => {
        if (mutation.meta?.submitDelay)
          await new Promise((done) => setTimeout(done, SUBMIT_DELAY_MS))
      },
      // docs/product.md §8: a failed change shows the server's text.
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast !== false) notify.error(error.message)
      },
      onSuccess: (_data, _vars, _ctx, mutation) =>
        Promise.all(
          (mutation.meta?.invalidates ?? []).map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        ),
    }),
  })
  return queryClient
}
