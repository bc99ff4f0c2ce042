import { and, eq } from 'drizzle-orm'
import type { Account } from '../db/schema/accounts'
import { saleItems, sales } from '../db/schema/sales'
import type { PaymentDeps } from './deps'
import type { PaymentResult } from './result'
import { resultFor, settle } from './settle'

// POST /payment/confirm, after the customer's authentication: the sale is settled from the
// payment's real state at the provider, never from what the browser says happened.
export async function confirmPayment(
  deps: PaymentDeps,
  account: Account,
  paymentIntentId: string,
): Promise<PaymentResult> {
  const [sale] = await deps.db
    .select()
    .from(sales)
    .where(and(eq(sales.paymentId, paymentIntentId), eq(sales.userId, account.id)))
  if (!sale) return { kind: 'not_found', error: 'No such payment' }
  if (sale.status !== 'pending') {
    const items = await deps.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id))
    return resultFor(sale, items)
  }
  const state = await deps.payment.retrieve(paymentIntentId)
  if (state.status === 'requires_action') {
    return { kind: 'conflict', error: 'The payment still needs your authentication' }
  }
  return settle(deps, sale.id, state)
}
