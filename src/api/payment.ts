import type { QueryKey } from '@tanstack/react-query'
import type { MessageResponse } from '../../contract/rules'
import type {
  PaymentAction,
  PaymentBody,
  PaymentResponse,
  TestAuthenticationBody,
} from '../../contract/sales'
import { api } from './http'
import { instrumentQueries } from './instruments'
import { saleQueries } from './sales'

/**
 * POST /payment, and when the bank asks for it (202, 3-D Secure) the customer's authentication
 * and POST /payment/confirm. The Idempotency-Key makes a retry of the same order (a lost answer,
 * a second click) return the first answer instead of charging twice.
 */
export async function payOrder(
  body: PaymentBody,
  idempotencyKey: string,
  authenticate: (clientSecret: string) => Promise<void>,
): Promise<PaymentResponse> {
  const answer = await api<PaymentResponse | PaymentAction>('post', 'payment', {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  if (!('status' in answer)) return answer
  await authenticate(answer.client_secret)
  // The server asks the provider how the authentication went; the browser's word is not proof.
  return api<PaymentResponse>('post', 'payment/confirm', {
    json: { paymentIntentId: answer.paymentIntentId },
  })
}

/** Test-payment mode: the answer of the 'Authenticate your payment' dialog, as Stripe's page. */
export async function sendTestAuthentication(body: TestAuthenticationBody) {
  await api<MessageResponse>('post', 'payment/test-authentication', { json: body })
}

/** A paid order lowers stock and adds a sale. */
export const paymentInvalidates: QueryKey[] = [instrumentQueries.all(), saleQueries.all()]

/** POST /mail/purchase: the order mail for one of the caller's own sales. */
export function sendPurchaseMail(saleId: number) {
  return api<MessageResponse>('post', 'mail/purchase', { json: { saleId } })
}
