import { queryOptions } from '@tanstack/react-query'
import type { Suggestion } from '../../contract/catalog'
import { api } from './http'

/** The search box's suggestions; a word typed once is not asked again for a minute. */
export const suggestionQueries = {
  forWords: (q: string) =>
    queryOptions({
      queryKey: ['instruments', 'suggestions', q] as const,
      queryFn: () => api<Suggestion[]>('get', 'instruments/suggestions', { searchParams: { q } }),
      staleTime: 60_000,
    }),
}
