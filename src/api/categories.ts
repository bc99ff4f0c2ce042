import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { Category, CategoryCreateBody, CategoryUpdateBody } from '../../contract/catalog'
import type { MessageResponse } from '../../contract/rules'
import { api } from './http'
import { instrumentQueries } from './instruments'

export const categoryQueries = {
  all: () => ['categories'] as const,
  list: () =>
    queryOptions({
      queryKey: [...categoryQueries.all(), 'list'] as const,
      queryFn: () => api<Category[]>('get', 'category/all'),
      staleTime: 5 * 60_000,
    }),
  visible: () =>
    queryOptions({
      queryKey: [...categoryQueries.all(), 'visible'] as const,
      queryFn: () => api<Category[]>('get', 'category'),
      staleTime: 5 * 60_000,
    }),
}

// A banned category hides its instruments from the storefront without a reload.
const invalidates = [categoryQueries.all(), instrumentQueries.all()]

export const categoryMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: CategoryCreateBody) =>
        api<MessageResponse>('post', 'category', { json: body }),
      meta: { invalidates, submitDelay: true },
    }),
  update: () =>
    mutationOptions({
      mutationFn: (body: CategoryUpdateBody) =>
        api<MessageResponse>('put', 'category', { json: body }),
      meta: { invalidates },
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', 'category', { json: { id } }),
      meta: { invalidates },
    }),
}
