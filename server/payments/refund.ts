import { asc, eq, sql } from 'drizzle-orm'
import { formatCents, fromCents, toCents } from '../../contract/money'
import { allowedActions, paymentAfterRefunds } from '../../contract/order-states'
import { refundableFor } from '../../contract/pricing-rule'
import { sha256 } from '../accounts'
import { type Admin, recordAudit } from '../audit'
import type { Transaction } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { instruments } from '../db/schema/catalog'
import { type RefundedLine, saleEvents, saleRefunds } from '../db/schema/orders'
import { saleItems, sales } from '../db/schema/sales'
import { countPayment } from '../observability/metrics'
import { moveNotAllowed, ORDER_NOT_FOUND, queueRefundMail } from '../orders'
import { giveBackCodeUse } from '../pricing'
import { refusalOr, refuse } from '../refusal'
import { shopOrigin } from '../shop-origin'
import { announceRestock } from '../stock'
import type { PaymentDeps } from './deps'
import { answerUnclear } from './provider'
import type { PaymentRefusal } from './result'

// An admin's refund (POST /sales/{id}/refunds) or cancel (POST /sales/{id}/cancel). The money is
// claimed on the sale under its row lock before the provider is asked, so two admins refunding at
// once cannot give back more than was paid; only a plain refusal by the provider gives the claim
// back. Once the provider may have refunded, the claim stays until the sweep (stale-refunds.ts)
// has asked it again with the same key (docs/decisions/2026-11-25-orders.md).

export interface RefundRequest {
  saleId: number
  admin: Admin
  /** Units to refund at the price paid; with `amountCents`, those units for that amount. */
  lines?: { instrumentId: number; count: number }[] | undefined
  amountCents?: number | undefined
  reason: string
  restock: boolean
  /** Cancel before shipping: whatever is left, every unit back on the shelf. */
  cancel?: boolean
  /** The admin's Idempotency-Key: the same key and request replay the first outcome. */
  idempotencyKey?: string | undefined
}

export type RefundResult =
  | RefundMade
  /** More than is left, or a key already used for another refund: refused, nothing moved. */
  | PaymentRefusal
  | { kind: 'provider_unavailable'; error: string }

type RefundMade =
  /** `refundId` null: a cancel that had no money to give back, so no refund was made. */
  | { kind: 'refunded'; refundId: number | null }
  /** The provider has (or may have) refunded; the shop's records are completed by the sweep. */
  | { kind: 'pending'; refundId: number }

export const KEY_REUSED = 'This Idempotency-Key was already used for a different refund'

/** Lines a discount made free (a 1-cent item at 50 % off) were paid nothing: no money to give back. */
export const NOTHING_PAID = 'Nothing was paid for these lines, so there is nothing to refund'

/** One provider refund per claim, however often it is asked for (stale-refunds.ts asks again). */
export const refundKey = (refundId: number) => `shop-refund-${refundId}`

/** What a refund or cancel gives back: money, units, a code's use. */
export interface Given {
  /** The refund's row; none for a cancel with no money to give back. */
  refundId: number | null
  amountCents: number
  lines: RefundedLine[]
  /** Units to put back, by sale line: the refunded ones with `restock`, every one on cancel. */
  restock: Map<number, number>
  /** The sale before the claim: a refused refund leaves it exactly as it was. */
  saleBefore: typeof sales.$inferSelect
}

/** Money claimed for a refund the provider has yet to make. */
export interface Claim extends Given {
  refundId: number
  paymentId: string | null
}

export async function refundSale(deps: PaymentDeps, request: RefundRequest): Promise<RefundResult> {
  let claim: Claim | RefundMade | PaymentRefusal
  try {
    claim = await refusalOr(() => deps.db.transaction((tx) => claimRefund(deps, tx, request)))
  } catch (error) {
    // The same key sent at once for another sale: the first one's insert won.
    if (request.idempotencyKey && isUniqueViolation(error)) {
      return { kind: 'conflict', error: KEY_REUSED }
    }
    throw error
  }
  if ('kind' in claim) return claim
  const pending = { kind: 'pending', refundId: claim.refundId } as const
  let providerRefundId: string
  try {
    if (!claim.paymentId) throw new Error(`sale ${request.saleId} names no payment`)
    providerRefundId = await deps.payment.refund({
      paymentId: claim.paymentId,
      amountCents: claim.amountCents,
      idempotencyKey: refundKey(claim.refundId),
      refundId: claim.refundId,
    })
    countPayment('refunded')
  } catch (error) {
    if (answerUnclear(error)) {
      console.error(`Refund ${claim.refundId}: no clear answer from the provider`, error)
      return pending
    }
    console.error(
      `Refund ${claim.refundId} of sale ${request.saleId} refused by the provider`,
      error,
    )
    await deps.db.transaction((tx) => giveBackClaim(tx, request, claim))
    const reason = error instanceof Error ? error.message : String(error)
    return {
      kind: 'provider_unavailable',
      error: `The payment provider did not make the refund: ${reason}`,
    }
  }
  try {
    await deps.db.transaction((tx) => finishRefund(deps, tx, request, claim, providerRefundId))
  } catch (error) {
    // The money is back with the buyer: giving the claim back would let it be refunded again.
    console.error(`Refund ${claim.refundId} made by the provider, left for the sweep`, error)
    return pending
  }
  return { kind: 'refunded', refundId: claim.refundId }
}

/** What a key stands for: the same key with another request is refused, never replayed. */
function requestHashOf(request: RefundRequest) {
  const { saleId, lines, amountCents, reason, restock, cancel } = request
  return sha256(JSON.stringify({ saleId, lines, amountCents, reason, restock, cancel }))
}

// Under the sale's lock: an earlier request with this key has finished its claim, or never began.
async function replayOf(tx: Transaction, request: RefundRequest, key: string) {
  const [earlier] = await tx.select().from(saleRefunds).where(eq(saleRefunds.idempotencyKey, key))
  if (!earlier) return undefined
  if (earlier.requestHash !== requestHashOf(request)) {
    return refuse({ kind: 'conflict', error: KEY_REUSED })
  }
  const kind = earlier.providerRefundId ? 'refunded' : 'pending'
  return { kind, refundId: earlier.id } as const
}

// A replay of an earlier request with the same key answers what that one came to.
async function claimRefund(
  deps: PaymentDeps,
  tx: Transaction,
  request: RefundRequest,
): Promise<Claim | RefundMade> {
  const [sale] = await tx.select().from(sales).where(eq(sales.id, request.saleId)).for('update')
  if (!sale) return refuse(ORDER_NOT_FOUND)
  const key = request.idempotencyKey
  const replay = key && (await replayOf(tx, request, key))
  if (replay) return replay
  const action = request.cancel ? 'cancel' : 'refund'
  if (!allowedActions(sale.status, sale.fulfilment).includes(action)) {
    refuse(moveNotAllowed(sale, action))
  }
  const items = await tx
    .select()
    .from(saleItems)
    .where(eq(saleItems.saleId, sale.id))
    .orderBy(asc(saleItems.id))
  const leftCents = toCents(sale.cost) - sale.refundedCents
  const units = request.cancel ? unitsLeft(items) : namedUnits(items, request.lines ?? [])
  const lines: RefundedLine[] = [...units].map(([item, count]) => ({
    saleItemId: item.id,
    instrumentId: item.instrumentId,
    name: item.name,
    count,
  }))
  const amountCents = request.cancel
    ? leftCents
    : (request.amountCents ?? refundableUnits(sale, items, units))
  if (amountCents > leftCents) {
    refuse({ kind: 'conflict', error: `Only ${formatCents(leftCents)} is left to refund` })
  }
  if (amountCents === 0 && !request.cancel) refuse({ kind: 'conflict', error: NOTHING_PAID })
  const restock = new Map<number, number>()
  if (request.cancel) {
    // Not shipped yet: every unit is still in the shop, refunded before or not.
    for (const item of items) restock.set(item.id, item.count - item.restocked)
  } else if (request.restock) {
    for (const [item, count] of units) restock.set(item.id, count)
  }
  // A cancel with nothing left to give back (an order that cost nothing, or whose lines were all
  // refunded) makes no refund: the provider makes none of 0, and it ends in this transaction.
  const [row] =
    amountCents === 0
      ? []
      : await tx
          .insert(saleRefunds)
          .values({
            saleId: sale.id,
            amountCents,
            reason: request.reason,
            restock: restock.size > 0,
            lines,
            source: 'shop',
            adminId: request.admin.id,
            idempotencyKey: key,
            requestHash: key ? requestHashOf(request) : null,
          })
          .returning({ id: saleRefunds.id })
  if (amountCents > 0 && !row) throw new Error('refund not inserted')
  await tx
    .update(sales)
    .set({
      refundedCents: sql`${sales.refundedCents} + ${amountCents}`,
      // Claimed with the money: nobody ships an order whose cancel is under way.
      ...(request.cancel ? { fulfilment: 'cancelled' as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(sales.id, sale.id))
  await countRefundedUnits(tx, lines, 1)
  const given = { amountCents, lines, restock, saleBefore: sale }
  if (!row) {
    await finishRefund(deps, tx, request, { ...given, refundId: null }, null)
    return { kind: 'refunded', refundId: null }
  }
  return { ...given, refundId: row.id, paymentId: sale.paymentId }
}

type SaleItemRow = typeof saleItems.$inferSelect

/** What a line cost in all: after its discount, with its tax when prices excluded it. */
const linePaidCents = (sale: typeof sales.$inferSelect, item: SaleItemRow) =>
  toCents(item.price) * item.count - item.discountCents + (sale.taxIncluded ? 0 : item.taxCents)

// What was paid for the units, pro rata after the discount (docs/decisions/2026-11-24-card-
// payments.md, "Pricing"); the shipping is whatever the cost holds beyond the lines, so a sale from
// before pricing has none.
function refundableUnits(
  sale: typeof sales.$inferSelect,
  items: SaleItemRow[],
  units: Map<SaleItemRow, number>,
): number {
  const lines = items.map((item) => ({
    paidCents: linePaidCents(sale, item),
    count: item.count,
    refunded: item.refunded,
  }))
  const linesCents = lines.reduce((sum, line) => sum + line.paidCents, 0)
  const shippingPaidCents = Math.max(0, toCents(sale.cost) - linesCents)
  return refundableFor(
    { lines, shippingPaidCents },
    items.map((item) => units.get(item) ?? 0),
  )
}

function unitsLeft(items: SaleItemRow[]): Map<SaleItemRow, number> {
  return new Map(items.filter((i) => i.count > i.refunded).map((i) => [i, i.count - i.refunded]))
}

function namedUnits(
  items: SaleItemRow[],
  lines: { instrumentId: number; count: number }[],
): Map<SaleItemRow, number> {
  const units = new Map<SaleItemRow, number>()
  for (const line of lines) {
    const item = items.find((i) => i.instrumentId === line.instrumentId)
    if (!item) {
      return refuse({
        kind: 'invalid',
        error: `lines: Instrument ${line.instrumentId} is not in this order`,
        field: 'lines',
      })
    }
    units.set(item, (units.get(item) ?? 0) + line.count)
  }
  for (const [item, count] of units) {
    const left = item.count - item.refunded
    if (count > left) {
      refuse({
        kind: 'conflict',
        error:
          left === 0
            ? `${item.name} is already refunded`
            : `Only ${left} of ${item.name} left to refund`,
      })
    }
  }
  return units
}

async function countRefundedUnits(tx: Transaction, lines: RefundedLine[], sign: 1 | -1) {
  for (const line of lines) {
    await tx
      .update(saleItems)
      .set({ refunded: sql`${saleItems.refunded} + ${sign * line.count}` })
      .where(eq(saleItems.id, line.saleItemId))
  }
}

// The provider refused: the money and units claimed go back, and a cancel is undone.
export async function giveBackClaim(tx: Transaction, request: RefundRequest, claim: Claim) {
  await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, request.saleId)).for('update')
  await tx.delete(saleRefunds).where(eq(saleRefunds.id, claim.refundId))
  await tx
    .update(sales)
    .set({
      refundedCents: sql`${sales.refundedCents} - ${claim.amountCents}`,
      ...(request.cancel ? { fulfilment: 'unfulfilled' as const } : {}),
      updatedAt: claim.saleBefore.updatedAt,
    })
    .where(eq(sales.id, request.saleId))
  await countRefundedUnits(tx, claim.lines, -1)
}

export async function finishRefund(
  deps: PaymentDeps,
  tx: Transaction,
  request: RefundRequest,
  claim: Given,
  /** None when no money went back. */
  providerRefundId: string | null,
) {
  const [sale] = await tx.select().from(sales).where(eq(sales.id, request.saleId)).for('update')
  if (!sale) return
  const refunded = claim.refundId !== null
  if (claim.refundId !== null) {
    await tx.update(saleRefunds).set({ providerRefundId }).where(eq(saleRefunds.id, claim.refundId))
  }
  await restockUnits(deps, tx, claim.restock)
  // A cancelled order used nothing: its code's use is free for someone else.
  if (request.cancel) await giveBackCodeUse(tx, sale.id)
  const [updated] = await tx
    .update(sales)
    // A cancel that gave no money back leaves the payment as it was.
    .set({ ...(refunded && { status: paymentAfterRefunds(sale) }), updatedAt: new Date() })
    .where(eq(sales.id, sale.id))
    .returning()
  if (request.cancel) {
    await tx.insert(saleEvents).values({
      saleId: sale.id,
      kind: 'cancelled',
      adminId: request.admin.id,
      note: request.reason,
    })
  }
  if (refunded) {
    await tx.insert(saleEvents).values({
      saleId: sale.id,
      kind: 'refunded',
      adminId: request.admin.id,
      note: `${formatCents(claim.amountCents)}: ${request.reason}`,
    })
  }
  // Recorded once the provider has made it: a refused refund changed nothing, so it has no row.
  await recordAudit(tx, request.admin, {
    kind: request.cancel ? 'sale.cancel' : 'sale.refund',
    entity: 'sale',
    entityId: sale.id,
    before: claim.saleBefore,
    after: updated && {
      ...updated,
      ...(refunded && {
        refund: {
          id: claim.refundId,
          amount: fromCents(claim.amountCents),
          reason: request.reason,
          restock: claim.restock.size > 0,
          lines: claim.lines.map(({ instrumentId, name, count }) => ({
            instrumentId,
            name,
            count,
          })),
        },
      }),
    },
  })
  if (updated) {
    await queueRefundMail(tx, deps.env, updated, {
      amountCents: claim.amountCents,
      reason: request.reason,
      cancelled: request.cancel === true,
    })
  }
}

// Units back on the shelf; an instrument back from 0 mails its back-in-stock alerts.
async function restockUnits(deps: PaymentDeps, tx: Transaction, restock: Map<number, number>) {
  const raises = []
  for (const [saleItemId, count] of restock) {
    if (count <= 0) continue
    const [item] = await tx
      .update(saleItems)
      .set({ restocked: sql`${saleItems.restocked} + ${count}` })
      .where(eq(saleItems.id, saleItemId))
      .returning({ instrumentId: saleItems.instrumentId })
    // A deleted instrument has no shelf to go back to.
    if (!item?.instrumentId) continue
    const [raised] = await tx
      .update(instruments)
      .set({ stock: sql`${instruments.stock} + ${count}` })
      .where(eq(instruments.id, item.instrumentId))
      .returning({ stock: instruments.stock })
    if (raised) raises.push({ instrumentId: item.instrumentId, stockBefore: raised.stock - count })
  }
  if (raises.length > 0) await announceRestock(tx, shopOrigin(deps.env), raises)
}
