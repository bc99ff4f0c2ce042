import { z } from 'zod'
import { emailField, MAX_LENGTH, required } from './rules'

// "Notify me when it's back" (POST/DELETE /instruments/{id}/alerts): a signed-in shopper sends no
// body; a guest sends the e-mail to confirm from a mailed link.

export const stockAlertBody = z.object({ email: emailField().optional() })
export type StockAlertBody = z.input<typeof stockAlertBody>

/** The token of a mailed link: confirming a guest's alert, or ending any alert. */
export const alertTokenBody = z.object({ token: required('Required', MAX_LENGTH.token) })
export type AlertTokenBody = z.input<typeof alertTokenBody>

export const stockAlertState = z.object({ subscribed: z.boolean() })
export type StockAlertState = z.infer<typeof stockAlertState>

export const ALERT_MESSAGES = {
  subscribed: "We will e-mail you when it's back in stock",
  confirmSent: 'We have sent you an email: open its link to confirm the alert',
  stopped: 'You will not be notified about this instrument',
  inStock: 'This instrument is in stock',
} as const
