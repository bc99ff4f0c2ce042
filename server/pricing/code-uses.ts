import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { discountCodeUses } from '../db/schema/pricing'
import type { OrderPrice } from './price-order'

// A code's use follows its sale: held by the reservation, kept when the sale is paid, given back
// when the payment fails, is released or expires, or the order is cancelled.

/**
 * In the reservation's transaction, after `priceOrder(tx, …, { lockCode: true })` found the code
 * usable: the code's row stays locked until commit, so the next payment counts this use.
 */
export async function holdCodeUse(
  tx: Database,
  price: OrderPrice,
  use: { accountId: number; saleId: number },
) {
  if (!price.discountCode) return
  await tx.insert(discountCodeUses).values({
    codeId: price.discountCode.id,
    accountId: use.accountId,
    saleId: use.saleId,
    state: 'held',
  })
}

/** The sale is paid: its use counts for good. */
export async function keepCodeUse(tx: Database, saleId: number) {
  await tx
    .update(discountCodeUses)
    .set({ state: 'kept' })
    .where(and(eq(discountCodeUses.saleId, saleId), eq(discountCodeUses.state, 'held')))
}

/** The sale failed, was released or cancelled: the use is free for someone else. */
export async function giveBackCodeUse(tx: Database, saleId: number) {
  await tx.delete(discountCodeUses).where(eq(discountCodeUses.saleId, saleId))
}
