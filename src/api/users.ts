import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { LoginBody, SessionResponse, SignUpBody } from '../../contract/auth'
import type { ResetMailBody } from '../../contract/mail'
import type { MessageResponse } from '../../contract/rules'
import type { Account, ProfileUpdateBody, ResetPassBody } from '../../contract/users'
import { submitDelay } from '../lib/submit-delay'
import { api } from './http'

/** Query factory for user accounts (GET /users/token, GET /users). */
export const userQueries = {
  all: () => ['users'] as const,
  /** The signed-in person's own account. */
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'me'] as const,
      queryFn: () => api<Account>('get', 'users/token'),
    }),
  /** Every user (admin only). */
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list'] as const,
      queryFn: () => api<Account[]>('get', 'users'),
    }),
}

/** The account calls of spec 7 that change something: sign-in, sign-up, profile, passwords. */
export const accountMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: (body: LoginBody) => api<SessionResponse>('post', 'auth/login', { json: body }),
    }),
  /** The Google ID token; the server reads the name and e-mail from it after verifying it. */
  loginGoogle: () =>
    mutationOptions({
      mutationKey: ['auth', 'login', 'google'],
      mutationFn: (credential: string) =>
        api<SessionResponse>('post', 'auth/login/google', { json: { credential } }),
    }),
  /** Spec 4: after 400 ms, the confirmation mail and then the register call. */
  signUp: () =>
    mutationOptions({
      mutationKey: ['auth', 'register'],
      mutationFn: async (body: SignUpBody) => {
        await submitDelay()
        // The mail needs only the address and the name, never the password.
        await api<MessageResponse>('post', 'mail/sign', {
          json: { email: body.email, userName: body.userName },
        })
        return api<MessageResponse>('post', 'auth/register', { json: body })
      },
    }),
  /** Spec 4: after 400 ms, the profile mail and then the save. */
  updateProfile: () =>
    mutationOptions({
      mutationKey: ['users', 'update'],
      mutationFn: async (body: ProfileUpdateBody & { email: string }) => {
        await submitDelay()
        await api<MessageResponse>('post', 'mail/profile', { json: body })
        const { email: _email, ...profile } = body
        return api<MessageResponse>('put', 'users', { json: profile })
      },
      meta: { invalidates: [userQueries.all()] },
    }),
  deleteAccount: () =>
    mutationOptions({
      mutationKey: ['users', 'delete'],
      mutationFn: () => api<MessageResponse>('delete', 'users'),
    }),
  requestPasswordReset: () =>
    mutationOptions({
      mutationKey: ['mail', 'resetpassword'],
      mutationFn: (body: ResetMailBody) =>
        api<MessageResponse>('post', 'mail/resetpassword', { json: body }),
    }),
  resetPassword: () =>
    mutationOptions({
      mutationKey: ['users', 'resetpass'],
      mutationFn: (body: ResetPassBody) =>
        api<MessageResponse>('post', 'users/resetpass', { json: body }),
    }),
}
