import { mutationOptions } from '@tanstack/react-query'
import type { LoginBody, SessionResponse, SignUpBody } from '../../contract/auth'
import type { MessageResponse } from '../../contract/rules'
import { api } from './http'

export const authMutations = {
  login: () =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: (body: LoginBody) => api<SessionResponse>('post', 'auth/login', { json: body }),
    }),
  /** The server reads the name and e-mail from the Google ID token after verifying it. */
  loginGoogle: () =>
    mutationOptions({
      mutationKey: ['auth', 'login', 'google'],
      mutationFn: (credential: string) =>
        api<SessionResponse>('post', 'auth/login/google', { json: { credential } }),
    }),
  // The token is passed in: the stored session is gone by the time this runs.
  logOut: () =>
    mutationOptions({
      mutationKey: ['auth', 'logout'],
      mutationFn: (token: string) =>
        api<MessageResponse>('post', 'auth/logout', {
          headers: { Authorization: `Bearer ${token}` },
        }),
      meta: { errorToast: false },
    }),
  /** The confirmation link's page: marks the address verified (no session needed). */
  verifyEmail: () =>
    mutationOptions({
      mutationKey: ['auth', 'verify-email'],
      mutationFn: (token: string) =>
        api<MessageResponse>('post', 'auth/verify-email', { json: { token } }),
      meta: { errorToast: false, invalidates: [['users']] },
    }),
  resendVerification: () =>
    mutationOptions({
      mutationKey: ['auth', 'verify-email', 'resend'],
      mutationFn: () => api<MessageResponse>('post', 'auth/verify-email/resend'),
    }),
  signUp: () =>
    mutationOptions({
      mutationKey: ['auth', 'register'],
      mutationFn: async (body: SignUpBody) => {
        // The mail needs only the address and the name, never the password.
        await api<MessageResponse>('post', 'mail/sign', {
          json: { email: body.email, userName: body.userName },
        })
        return api<MessageResponse>('post', 'auth/register', { json: body })
      },
      meta: { submitDelay: true },
    }),
}
