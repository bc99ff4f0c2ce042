import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type {
  InstrumentCreateBody,
  InstrumentDetail,
  InstrumentPage,
  InstrumentPageQuery,
  InstrumentUpdateBody,
} from '../../contract/catalog'
import type { MessageResponse } from '../../contract/rules'
import { accountScoped, api } from './http'

export const instrumentQueries = {
  all: () => ['instruments'] as const,
  lists: () => [...instrumentQueries.all(), 'list'] as const,
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
      meta: accountScoped,
      queryFn: () => api<InstrumentDetail>('get', `instruments/${id}`),
    }),
}

const invalidates = [instrumentQueries.all()]

export const instrumentMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: InstrumentCreateBody) =>
        api<MessageResponse>('post', 'instruments', { json: body }),
      meta: { invalidates, submitDelay: true },
    }),
  update: () =>
    mutationOptions({
      mutationFn: (body: InstrumentUpdateBody) =>
        api<MessageResponse>('put', 'instruments', { json: body }),
      meta: { invalidates },
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', 'instruments', { json: { id } }),
      meta: { invalidates },
    }),
}
