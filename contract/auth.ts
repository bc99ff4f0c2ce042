import { z } from 'zod'
import { emailField, MAX_LENGTH, passwordField, required, userNameField } from './rules'

export const roles = ['admin', 'user', 'banned'] as const
export type Role = (typeof roles)[number]

/** docs/product.md §5: empty fields still reach the server, which answers with a 400 naming them. */
export const loginBody = z.object({
  userName: required('userName or Password required'),
  password: required('userName or Password required', MAX_LENGTH.password),
})
export type LoginBody = z.infer<typeof loginBody>

export const signUpBody = z
  .object({
    userName: userNameField(),
    email: emailField(),
    password: passwordField(),
    confirmpassword: required('Required', MAX_LENGTH.password),
  })
  .refine((v) => v.password === v.confirmpassword, {
    path: ['confirmpassword'],
    message: 'different Password',
  })
export type SignUpBody = z.infer<typeof signUpBody>

export const googleLoginBody = z.object({ credential: required('Required', MAX_LENGTH.token) })

/** The token of the confirmation link (`/user/verify-email?token=…`). */
export const verifyEmailBody = z.object({ token: required('Required', MAX_LENGTH.token) })
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>
export const VERIFY_LINK_INVALID =
  'This confirmation link is invalid, used or expired: ask for a new one from your profile'

export const sessionResponse = z.object({
  ok: z.string().optional(),
  token: z.string(),
  userName: z.string(),
  email: z.string().optional(),
  /** Whether the account's owner proved the address (the confirmation link, or Google). */
  emailVerified: z.boolean().optional(),
})
export type SessionResponse = z.infer<typeof sessionResponse>
