import { and, eq, lte } from 'drizzle-orm'
import { sales } from '../db/schema/sales'
import type { PaymentDeps } from './deps'
import { NOT_COMPLETED, type PaymentState } from './provider'
import type { PaymentResult } from './result'
import { settle } from './settle'

export const RESERVATION_MS = 15 * 60 * 1000

// Settles reservations left pending from the payment's real state; an unfinished payment is
// canceled at the provider first, so it cannot succeed after its stock is back.
export async function settleStaleReservations(
  deps: PaymentDeps,
  now = new Date(),
): Promise<number> {
  const stale = await deps.db
    .select({ id: sales.id, paymentId: sales.paymentId })
    .from(sales)
    .where(
      and(
        eq(sales.status, 'pending'),
        // Its 15 minutes up, not a minute later: an account's 3 unfinished holds a day keep an
        // instrument off sale for 45 minutes at most.
        lte(sales.createdAt, new Date(now.getTime() - RESERVATION_MS)),
      ),
    )
  let settled = 0
  for (const sale of stale) {
    try {
      const state = sale.paymentId ? await finalState(deps, sale.paymentId) : expired
      if (state.status === 'processing' || state.status === 'requires_action') continue
      await settle(deps, sale.id, state)
      settled += 1
    } catch (error) {
      // The next run tries again; one provider error must not hold up the other sales.
      console.error(`Settling the stale reservation of sale ${sale.id}`, error)
    }
  }
  return settled
}

const expired: PaymentState = { status: 'failed', error: NOT_COMPLETED }

async function finalState(deps: PaymentDeps, paymentId: string): Promise<PaymentState> {
  const state = await deps.payment.retrieve(paymentId)
  if (state.status === 'succeeded') return state
  return deps.payment.cancel(paymentId)
}

// Canceled at the provider first, so never charged afterwards; undefined while still processing.
export async function releaseHold(
  deps: PaymentDeps,
  saleId: number,
  paymentId: string,
  reason: string,
): Promise<PaymentResult | undefined> {
  const state = await deps.payment.cancel(paymentId)
  if (state.status === 'succeeded') return settle(deps, saleId, state)
  if (state.status === 'failed') return settle(deps, saleId, { status: 'failed', error: reason })
  return undefined
}
