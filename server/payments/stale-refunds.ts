import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import type { Admin } from '../audit'
import type { Transaction } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { saleEvents, saleRefunds } from '../db/schema/orders'
import { saleItems, sales } from '../db/schema/sales'
import type { PaymentDeps } from './deps'
import { type Claim, finishRefund, giveBackClaim, type RefundRequest, refundKey } from './refund'

/** Far beyond the provider's own timeout: a claim this old has no request waiting on it. */
export const REFUND_ANSWER_MS = 15 * 60 * 1000
const PER_RUN = 100

type RefundRow = typeof saleRefunds.$inferSelect

// A refund whose money was claimed but whose provider answer never came back (the process
// stopped in between) is asked for again with the same idempotency key: the provider answers
// the refund it made, or makes it now; a refusal gives the claim back. Either way the money the
// claim holds stops being counted without a refund behind it (docs/decisions/2026-11-25-orders.md).
export async function settleStaleRefunds(deps: PaymentDeps, now = new Date()): Promise<number> {
  const stale = await deps.db
    .select()
    .from(saleRefunds)
    .where(
      and(
        eq(saleRefunds.source, 'shop'),
        isNull(saleRefunds.providerRefundId),
        lte(saleRefunds.createdAt, new Date(now.getTime() - REFUND_ANSWER_MS)),
      ),
    )
    .orderBy(asc(saleRefunds.id))
    .limit(PER_RUN)
  let settled = 0
  for (const row of stale) {
    try {
      if (await settleOne(deps, row)) settled += 1
    } catch (error) {
      // The next run tries again; one provider error must not hold up the other claims.
      console.error(`Settling the unanswered refund ${row.id} of sale ${row.saleId}`, error)
    }
  }
  return settled
}

async function settleOne(deps: PaymentDeps, row: RefundRow): Promise<boolean> {
  const [sale] = await deps.db.select().from(sales).where(eq(sales.id, row.saleId))
  if (!sale) return false
  const cancel = sale.fulfilment === 'cancelled' && !(await cancelRecorded(deps, sale.id))
  const request: RefundRequest = {
    saleId: sale.id,
    admin: await adminOf(deps, row.adminId),
    reason: row.reason,
    restock: row.restock,
    cancel,
  }
  let providerRefundId: string | null = null
  try {
    if (!sale.paymentId) throw new Error(`sale ${sale.id} names no payment`)
    providerRefundId = await deps.payment.refund({
      paymentId: sale.paymentId,
      amountCents: row.amountCents,
      idempotencyKey: refundKey(row.id),
      refundId: row.id,
    })
  } catch (error) {
    console.error(`The provider refused the unanswered refund ${row.id}: giving it back`, error)
  }
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, sale.id)).for('update')
    // Its own request may have finished or given it back meanwhile.
    const [still] = await tx
      .select({ id: saleRefunds.id })
      .from(saleRefunds)
      .where(and(eq(saleRefunds.id, row.id), isNull(saleRefunds.providerRefundId)))
    if (!still) return false
    const claim = await claimOf(tx, row, sale, cancel)
    if (providerRefundId) await finishRefund(deps, tx, request, claim, providerRefundId)
    else
      await giveBackClaim(tx, request, { ...claim, saleBefore: { ...sale, updatedAt: new Date() } })
    return true
  })
}

// The admin who asked for it; an account deleted since leaves the events and the trail without one.
async function adminOf(deps: PaymentDeps, adminId: number | null): Promise<Admin> {
  const [admin] = adminId
    ? await deps.db
        .select({ id: accounts.id, userName: accounts.userName })
        .from(accounts)
        .where(eq(accounts.id, adminId))
    : []
  return admin ?? ({ id: null, userName: 'a deleted admin' } as unknown as Admin)
}

async function cancelRecorded(deps: PaymentDeps, saleId: number) {
  const [event] = await deps.db
    .select({ id: saleEvents.id })
    .from(saleEvents)
    .where(and(eq(saleEvents.saleId, saleId), eq(saleEvents.kind, 'cancelled')))
    .limit(1)
  return event !== undefined
}

// The claim as refundSale held it: a cancel puts back every unit not yet restocked (it never
// shipped), a refund with `restock` the units it names.
async function claimOf(
  tx: Transaction,
  row: RefundRow,
  sale: typeof sales.$inferSelect,
  cancel: boolean,
): Promise<Claim> {
  const restock = new Map<number, number>()
  if (cancel) {
    const items = await tx.select().from(saleItems).where(eq(saleItems.saleId, sale.id))
    for (const item of items) restock.set(item.id, item.count - item.restocked)
  } else if (row.restock) {
    for (const line of row.lines) restock.set(line.saleItemId, line.count)
  }
  return {
    refundId: row.id,
    paymentId: sale.paymentId,
    amountCents: row.amountCents,
    lines: row.lines,
    restock,
    // As it was before the claim, for the audit trail: the claim raised these two.
    saleBefore: {
      ...sale,
      refundedCents: sale.refundedCents - row.amountCents,
      fulfilment: cancel ? 'unfulfilled' : sale.fulfilment,
    },
  }
}
