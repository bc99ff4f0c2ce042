import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Query keys this mutation makes stale; invalidated once it succeeds. */
      invalidates?: QueryKey[]
    }
  }
}

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
    // "Refresh after change" (spec 4): each mutation names what it makes stale.
    mutationCache: new MutationCache({
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
