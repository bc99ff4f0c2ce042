import { z } from 'zod'
import { emailField } from './rules'

export const newsletterBody = z.object({ email: emailField() })
/** Request a reset link; `variant` picks the page the link opens. */
export const resetMailBody = z.object({
  email: emailField(),
  variant: z.enum(['user', 'profile', 'admin']).default('user'),
})
export type ResetMailBody = z.input<typeof resetMailBody>
export const emailOnlyBody = z.object({ email: emailField() })
