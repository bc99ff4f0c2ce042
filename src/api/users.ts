import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { MessageResponse } from '../../contract/rules'
import type {
  Account,
  DeleteAccountBody,
  OwnAccount,
  ProfileUpdateBody,
  ResetPassBody,
  UserAdminUpdateBody,
  UserCreateBody,
} from '../../contract/users'
import { downloadApiFile, nameOfTheDay } from './download'
import { accountScoped, api } from './http'

export const userQueries = {
  all: () => ['users'] as const,
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'me'] as const,
      meta: accountScoped,
      queryFn: () => api<OwnAccount>('get', 'users/token'),
    }),
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list'] as const,
      meta: accountScoped,
      queryFn: () => api<Account[]>('get', 'users'),
    }),
}

const invalidates = [userQueries.all()]

export const userMutations = {
  updateProfile: () =>
    mutationOptions({
      mutationKey: ['users', 'update'],
      mutationFn: async (body: ProfileUpdateBody & { email: string }) => {
        await api<MessageResponse>('post', 'mail/profile', { json: body })
        const { email: _email, ...profile } = body
        return api<MessageResponse>('put', 'users', { json: profile })
      },
      meta: { invalidates, submitDelay: true },
    }),
  /** The current password (or, without one, a recent sign-in) proves the caller is the owner. */
  deleteOwnAccount: () =>
    mutationOptions({
      mutationKey: ['users', 'delete'],
      mutationFn: (body: DeleteAccountBody) =>
        api<MessageResponse>('delete', 'users', { json: body }),
      meta: { errorToast: false },
    }),
  resetPassword: () =>
    mutationOptions({
      mutationKey: ['users', 'resetpass'],
      mutationFn: (body: ResetPassBody) =>
        api<MessageResponse>('post', 'users/resetpass', { json: body }),
    }),
  create: () =>
    mutationOptions({
      mutationFn: (body: UserCreateBody) => api<MessageResponse>('post', 'users', { json: body }),
      meta: { invalidates, submitDelay: true },
    }),
  update: () =>
    mutationOptions({
      mutationFn: (body: UserAdminUpdateBody) =>
        api<MessageResponse>('put', 'users/admin', { json: body }),
      meta: { invalidates },
    }),
  /** The id is in the path: the spec's id-less DELETE /users/ cannot name the account. */
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => api<MessageResponse>('delete', `users/${id}`),
      meta: { invalidates },
    }),
}

/** GET /users/me/export: what the shop keeps about the signed-in shopper, saved as a JSON file. */
export const downloadOwnData = () =>
  downloadApiFile('users/me/export', nameOfTheDay('instrument-shop-data', 'json'))
