import { mutationOptions } from '@tanstack/react-query'
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

export interface Order extends Omit<PaymentBody, 'id'> {
  paymentMethod: () => Promise<string> | string
  /** The same order keeps its key across retries, so a retry never charges twice. */
  idempotencyKey: string
  authenticate: (clientSecret: string) => Promise<void>
}

export const paymentMutations = {
  pay: () =>
    mutationOptions({
      mutationFn: async ({ paymentMethod, idempotencyKey, authenticate, ...order }: Order) => {
        const answer = await api<PaymentResponse | PaymentAction>('post', 'payment', {
          json: { ...order, id: await paymentMethod() } satisfies PaymentBody,
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        if (!('status' in answer)) return answer
        await authenticate(answer.client_secret)
        // The server asks the provider how the authentication went; the browser's word is not proof.
        return api<PaymentResponse>('post', 'payment/confirm', {
          json: { paymentIntentId: answer.paymentIntentId },
        })
      },
      meta: { invalidates: [instrumentQueries.all(), saleQueries.all()] },
    }),
}

export async function sendTestAuthentication(body: TestAuthenticationBody) {
  await api<MessageResponse>('post', 'payment/test-authentication', { json: body })
}
