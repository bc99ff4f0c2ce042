import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { MessageResponse } from '../../contract/rules'
import type { Account, AdminRegisterBody, AdminUpdateBody } from '../../contract/users'
import { accountScoped, api } from './http'

export const adminQueries = {
  all: () => ['admins'] as const,
  list: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<Account[]>('get', 'admins'),
    }),
  me: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'me'] as const,
      meta: accountScoped,
      queryFn: () => api<Account>('get', 'admins/id'),
    }),
}

const invalidates = [adminQueries.all()]

export const adminMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: AdminRegisterBody) =>
        api<MessageResponse>('post', 'admins/register', { json: body }),
      meta: { invalidates, submitDelay: true },
    }),
  update: () =>
    mutationOptions({
      mutationFn: (body: AdminUpdateBody) => api<MessageResponse>('put', 'admins', { json: body }),
      meta: { invalidates },
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', 'admins', { json: { id } }),
      meta: { invalidates },
    }),
}
