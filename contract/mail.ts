import { z } from 'zod'
import { emailField, idField, userNameField } from './rules'

export const newsletterBody = z.object({ email: emailField() })
export const resetMailBody = z.object({
  email: emailField(),
  variant: z.enum(['user', 'profile', 'admin']).default('user'),
})
export type ResetMailBody = z.input<typeof resetMailBody>
export const emailOnlyBody = z.object({ email: emailField() })

/** POST /mail/sign: the sign-up values; only the address and the name are used (never the password). */
export const signMailBody = z.object({ email: emailField(), userName: userNameField().optional() })

export const purchaseMailBody = z.object({ saleId: idField })
export type PurchaseMailBody = z.input<typeof purchaseMailBody>
