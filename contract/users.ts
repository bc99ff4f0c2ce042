import { z } from 'zod'
import {
  emailField,
  idField,
  MAX_LENGTH,
  passwordField,
  phoneField,
  required,
  text,
  userNameField,
} from './rules'
import { checkoutCustomer, sale } from './sales'

export const account = z.object({
  id: z.number(),
  dni: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  contactNumber: z.string().nullable(),
  userName: z.string(),
  buyerAddress: z.string().nullable(),
  rol: z.enum(['user', 'admin', 'banned']),
  adminId: z.number().nullable(),
})
export type Account = z.infer<typeof account>

/** GET /users/token: the signed-in person's own account, with what only its owner needs. */
export const ownAccount = account.extend({
  /** The owner opened the confirmation link (or signed in with Google as this address). */
  emailVerified: z.boolean(),
  /** False for an account made through Google: deleting it needs a fresh sign-in instead. */
  hasPassword: z.boolean(),
})
export type OwnAccount = z.infer<typeof ownAccount>

/**
 * GET /users/me/export: what the shop keeps about the caller, as a download. Addresses are the
 * checkout's, from the caller's orders; address-held facts (the newsletter) only once the
 * account proved the address, since anyone may type an address into a form (docs/limits.md).
 */
export const accountDataExport = z.object({
  exportedAt: z.string(),
  profile: ownAccount.extend({ createdAt: z.string() }),
  addresses: z.array(checkoutCustomer),
  orders: z.array(sale),
  reviews: z.array(
    z.object({
      instrumentId: z.number(),
      instrument: z.string(),
      star: z.number(),
      comment: z.string(),
      createdAt: z.string(),
    }),
  ),
  favourites: z.array(
    z.object({ instrumentId: z.number(), instrument: z.string(), createdAt: z.string() }),
  ),
  stockAlerts: z.array(
    z.object({
      instrumentId: z.number(),
      instrument: z.string(),
      createdAt: z.string(),
      notifiedAt: z.string().nullable(),
    }),
  ),
  consents: z.object({
    /** When the owner of the address confirmed it: the proof behind every mail the shop sends. */
    emailVerifiedAt: z.string().nullable(),
    /** When the address joined the newsletter. */
    newsletterSince: z.string().nullable(),
  }),
})
export type AccountDataExport = z.infer<typeof accountDataExport>

/**
 * What a deleted account's orders say instead of who bought them: nothing a parcel or a mail
 * reaches (`.invalid` is never a real domain). The country stays: tax is by country.
 */
export const ERASED_CUSTOMER = {
  cus_name: 'Deleted customer',
  cus_email: 'deleted-customer@erased.invalid',
  cus_phone: 'erased',
  cus_address: 'erased',
  cus_city: 'erased',
  cus_zip: 'erased',
} as const

/** DELETE /users (own account): a stolen token alone must not delete it. */
export const deleteAccountBody = z.object({
  currentPassword: text(MAX_LENGTH.password).optional(),
})
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>

export const profileUpdateBody = z.object({
  firstName: required('Input required'),
  lastName: required('Input required'),
  contactNumber: phoneField(),
  buyerAddress: required('Input required', MAX_LENGTH.address),
})
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>

// An optional text from a form: empty becomes null (docs/product.md §5: dni, contactNumber, firstName).
// A field left out stays undefined, so an edit that omits it leaves the stored value alone.
const optionalText = z
  .union([text(MAX_LENGTH.address), z.number(), z.null()])
  .optional()
  .transform((v) => {
    if (v === undefined) return undefined
    return v === null || String(v).trim() === '' ? null : String(v).trim()
  })

export const userCreateBody = z.object({
  dni: optionalText,
  firstName: required(),
  lastName: required(),
  contactNumber: optionalText,
  email: emailField(),
  userName: userNameField(),
  password: passwordField(),
  buyerAddress: optionalText,
  rol: z.enum(['user', 'banned'], { message: 'Required' }),
})
export type UserCreateBody = z.input<typeof userCreateBody>

export const userAdminUpdateBody = z.object({
  id: idField,
  firstName: optionalText,
  lastName: optionalText,
  contactNumber: optionalText,
  buyerAddress: optionalText,
  rol: z.enum(['user', 'banned'], { message: 'Required' }),
})
export type UserAdminUpdateBody = z.input<typeof userAdminUpdateBody>

export const adminRegisterBody = z.object({
  firstName: required(),
  lastName: required(),
  email: emailField(),
  userName: userNameField(),
  password: passwordField(),
  rol: z.enum(['admin', 'banned'], { message: 'Required' }).default('admin'),
})
export type AdminRegisterBody = z.input<typeof adminRegisterBody>

export const adminUpdateBody = z.object({
  id: idField,
  firstName: optionalText,
  lastName: optionalText,
  rol: z.enum(['admin', 'banned'], { message: 'Required' }),
})
export type AdminUpdateBody = z.input<typeof adminUpdateBody>

/** docs/product.md §5, password change: the two must match. `token` is the one-time token of the mailed link. */
export const passwordChangeForm = z
  .object({
    email: emailField(),
    password: passwordField(),
    confirmPassword: required('Required', MAX_LENGTH.password),
    currentPassword: text(MAX_LENGTH.password).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Las contraseñas no coinciden',
  })

export const resetPassBody = z.object({
  email: emailField(),
  pass: passwordField(),
  token: text(MAX_LENGTH.token).optional(),
  /** Needed when the bearer token, not a mailed link, is the proof: a stolen token alone is not enough. */
  currentPassword: text(MAX_LENGTH.password).optional(),
})
export type ResetPassBody = z.infer<typeof resetPassBody>
