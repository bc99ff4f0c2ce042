import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { PaymentAnswer } from '../../contract/sales'
import type { PaymentResult } from '../payments'

export interface PaymentHttpAnswer {
  status: ContentfulStatusCode
  body: PaymentAnswer | { error: string; field?: string }
  headers?: Record<string, string>
}

// The payment module's results as the API answers them (README, "Card payments"); refunds,
// cancels and an order's moves answer their refusals through it too.
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
    case 'invalid':
      return { status: 400, body: { error: result.error, field: result.field } }
    case 'not_found':
      return { status: 404, body: { error: result.error } }
    case 'processing':
    case 'conflict':
    case 'not_allowed':
      return { status: 409, body: { error: result.error } }
    case 'key_reused':
      return { status: 422, body: { error: result.error } }
    case 'too_many_holds':
      return {
        status: 429,
        body: { error: result.error },
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      }
    case 'provider_unavailable':
      return { status: 502, body: { error: result.error } }
    case 'unanswered':
      return { status: 504, body: { error: result.error } }
  }
}
