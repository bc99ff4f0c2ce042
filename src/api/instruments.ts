import { queryOptions } from '@tanstack/react-query'
import type {
  Instrument,
  InstrumentDetail,
  InstrumentPage,
  InstrumentPageQuery,
} from '../../contract/catalog'
import { api } from './http'

/** Query factory for the instruments resource (GET /instruments, GET /instruments/{id}). */
export const instrumentQueries = {
  all: () => ['instruments'] as const,
  lists: () => [...instrumentQueries.all(), 'list'] as const,
  /** The whole catalogue, banned ones included (the back office's table). */
  list: () =>
    queryOptions({
      queryKey: [...instrumentQueries.lists(), 'all'] as const,
      queryFn: () => api<Instrument[]>('get', 'instruments'),
    }),
  /** One storefront page: visible instruments only, sorted and filtered by the server. */
  page: (query: InstrumentPageQuery) =>
    queryOptions({
      queryKey: [...instrumentQueries.lists(), 'page', query] as const,
      queryFn: () =>
        api<InstrumentPage>('get', 'instruments', {
          searchParams: Object.fromEntries(
            Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
          ) as Record<string, string | number>,
        }),
    }),
  details: () => [...instrumentQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...instrumentQueries.details(), id] as const,
      queryFn: () => api<InstrumentDetail>('get', `instruments/${id}`),
    }),
}
