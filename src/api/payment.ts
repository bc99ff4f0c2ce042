import type { QueryKey } from '@tanstack/react-query'
import type { MessageResponse } from '../../contract/rules'
import type { PaymentBody, PaymentResponse } from '../../contract/sales'
import { api } from './http'
import { instrumentQueries } from './instruments'
import { saleQueries } from './sales'

/**
 * POST /payment. The Idempotency-Key makes a retry of the same order (a lost answer, a second
 * click) return the first answer instead of charging twice (ARCHITECTURE.md).
 */
export function payOrder(body: PaymentBody, idempotencyKey: string) {
  return api<PaymentResponse>('post', 'payment', {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

/** A paid order lowers stock and adds a sale. */
export const paymentInvalidates: QueryKey[] = [instrumentQueries.all(), saleQueries.all()]

/** POST /mail/purchase: the order mail for one of the caller's own sales. */
export function sendPurchaseMail(saleId: number) {
  return api<MessageResponse>('post', 'mail/purchase', { json: { saleId } })
}
