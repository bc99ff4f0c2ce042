import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { PaymentAnswer } from '../../contract/sales'
import type { PaymentResult } from '../payments'
import { refusalAnswer } from './refusal-answer'

export interface PaymentHttpAnswer {
  status: ContentfulStatusCode
  body: PaymentAnswer | { error: string; field?: string }
  headers?: Record<string, string>
}

// The payment module's results as the API answers them (README, "Card payments"); its refusals
// answer as every domain's do.
export function paymentAnswer(result: PaymentResult): PaymentHttpAnswer {
  switch (result.kind) {
    case 'paid':
      return { status: 201, body: { ok: 'Payment successful', sale: result.sale } }
    case 'needs_authentication':
      return {
        status: 202,
        body: {
          status: 'requires_action',
          client_secret: result.clientSecret,
          paymentIntentId: result.paymentIntentId,
        },
      }
    case 'declined':
      return { status: 402, body: { error: result.error } }
    case 'processing':
      return { status: 409, body: { error: result.error } }
    case 'provider_unavailable':
      return { status: 502, body: { error: result.error } }
    case 'unanswered':
      return { status: 504, body: { error: result.error } }
    default:
      return refusalAnswer(result)
  }
}
