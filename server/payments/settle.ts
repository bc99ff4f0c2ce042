import { eq, sql } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { toCents } from '../../contract/money'
import type { PaymentAnswer, Sale } from '../../contract/sales'
import type { Deps } from '../context'
import type { Database } from '../db/client'
import { instruments } from '../db/schema/catalog'
import { idempotencyKeys, saleItems, sales } from '../db/schema/sales'
import { queueOrderMail } from './order-mail'
import { DECLINED, type PaymentState } from './provider'

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

export interface PaymentResult {
  status: ContentfulStatusCode
  body: PaymentAnswer
}

export const STILL_PROCESSING =
  'This payment is still being processed; your purchase history shows when it is paid'

// Records where a reserved sale's payment is: paid, or released (its stock back, its Idempotency-
// Key dropped so the order may be tried again).
export async function settle(
  deps: Deps,
  saleId: number,
  state: PaymentState,
): Promise<PaymentResult> {
  const settled = await deps.db.transaction((tx) => settleSale(tx, saleId, state))
  await refundLateSuccess(deps, settled)
  return settled.answer
}

export interface Settled {
  answer: PaymentResult
  /** A payment that succeeded after its sale was released: nothing was sold, the money goes back. */
  lateSuccess?: { saleId: number; paymentId: string }
}

export async function settleSale(
  tx: Transaction,
  saleId: number,
  state: PaymentState,
): Promise<Settled> {
  const [row] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update')
  if (!row) throw new Error(`sale ${saleId} vanished`)
  let sale = row
  const paidNow = row.status === 'pending' && state.status === 'succeeded'
  if (paidNow) {
    sale = await updateSale(tx, saleId, { status: 'succeeded' })
  } else if (row.status === 'pending' && state.status === 'failed') {
    sale = await updateSale(tx, saleId, { status: 'failed', failure: state.error })
    await tx
      .update(instruments)
      .set({ stock: sql`${instruments.stock} + ${saleItems.count}` })
      .from(saleItems)
      .where(sql`${saleItems.saleId} = ${saleId} and ${saleItems.instrumentId} = ${instruments.id}`)
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.saleId, saleId))
  }
  const items = await tx.select().from(saleItems).where(eq(saleItems.saleId, saleId))
  if (paidNow) await queueOrderMail(tx, sale, items)
  const answer = answerFor(sale, items, state)
  if (sale.status === 'succeeded' || answer.status === 202) {
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(eq(idempotencyKeys.saleId, saleId))
  }
  const late = row.status === 'failed' && state.status === 'succeeded' && row.refunded === 0
  return late && row.paymentId
    ? { answer, lateSuccess: { saleId, paymentId: row.paymentId } }
    : { answer }
}

export async function refundLateSuccess(deps: Deps, settled: Settled) {
  const late = settled.lateSuccess
  if (!late) return
  try {
    await deps.payment.refund(late.paymentId)
    await deps.db
      .update(sales)
      .set({ refunded: sql`${sales.cost}`, updatedAt: new Date() })
      .where(eq(sales.id, late.saleId))
    console.error(
      `Payment ${late.paymentId} succeeded after sale ${late.saleId} was released: refunded`,
    )
  } catch (error) {
    console.error(
      `Payment ${late.paymentId} succeeded after sale ${late.saleId} was released, and its refund failed: refund it by hand`,
      error,
    )
  }
}

async function updateSale(tx: Transaction, saleId: number, values: Partial<SaleRow>) {
  const [row] = await tx
    .update(sales)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sales.id, saleId))
    .returning()
  if (!row) throw new Error(`sale ${saleId} vanished`)
  return row
}

export function answerFor(row: SaleRow, items: SaleItemRow[], state?: PaymentState): PaymentResult {
  switch (row.status) {
    case 'succeeded':
    case 'refunded':
      return { status: 201, body: { ok: 'Payment successful', sale: toSale(row, items) } }
    case 'failed':
      return { status: 402, body: { error: row.failure ?? DECLINED } }
    default:
      return state?.status === 'requires_action' && row.paymentId
        ? {
            status: 202,
            body: {
              status: 'requires_action',
              client_secret: state.clientSecret,
              paymentIntentId: row.paymentId,
            },
          }
        : { status: 409, body: { error: STILL_PROCESSING } }
  }
}

export function toSale(
  row: SaleRow,
  items: SaleItemRow[],
  rated?: (item: SaleItemRow) => boolean,
): Sale {
  return {
    id: row.id,
    status: row.status,
    fulfilment: 'unfulfilled',
    cost: row.cost,
    refundedCents: toCents(row.refunded),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cus_name: row.cusName,
    cus_email: row.cusEmail,
    cus_phone: row.cusPhone,
    cus_address: row.cusAddress,
    cus_city: row.cusCity,
    cus_country: row.cusCountry,
    cus_zip: row.cusZip,
    userId: row.userId,
    instrument: items.map((item) => ({
      id: item.id,
      instrumentId: item.instrumentId,
      name: item.name,
      brand: item.brand,
      img: item.img,
      price: item.price,
      count: item.count,
      ...(rated ? { rated: rated(item) } : {}),
    })),
  }
}
