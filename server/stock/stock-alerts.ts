import { and, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm'
import { visibleToShoppers } from '../catalogue'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { categories, instruments } from '../db/schema/catalog'
import { stockAlerts } from '../db/schema/stock-alerts'
import { greeting, queueMail } from '../mail'

/**
 * Units back from a reservation younger than this (a declined card, a 3-D Secure left undone) are
 * no restock: anyone could otherwise mail every subscriber each hour with a card that declines.
 */
export const RESERVATION_RETURN_QUIET_MS = 60 * 60 * 1000

export interface StockRaise {
  instrumentId: number
  /** The stock before the change, read under the row's lock in the same transaction. */
  stockBefore: number
}

/** A guest's confirmation link works this long; an alert never confirmed is then deleted. */
export const ALERT_CONFIRM_MS = 7 * 24 * 60 * 60 * 1000

/** Unconfirmed alerts whose link has expired: the addresses nobody confirmed are not kept. */
export async function purgeUnconfirmedAlerts(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.confirmedAt),
        lt(stockAlerts.createdAt, new Date(now.getTime() - ALERT_CONFIRM_MS)),
      ),
    )
    .returning({ id: stockAlerts.id })
  return gone.length
}

export const alertLink = (origin: string, kind: 'confirm' | 'stop', token: string) =>
  `${origin}/alerts?${kind}=${encodeURIComponent(token)}`

/** An alert whose address said yes and that has not been mailed yet. */
export const alertWaiting = and(isNotNull(stockAlerts.confirmedAt), isNull(stockAlerts.notifiedAt))

// Call in the transaction of ANY change that raises an instrument's stock (the admin's edit, an old
// released reservation, a refund with restock): when it went from 0 to more, every confirmed
// alert not mailed yet gets its one mail in the outbox (subscribing again re-arms it). The alerts are claimed
// with UPDATE … RETURNING over rows locked with SKIP LOCKED, so two processes restocking at once
// never mail one subscriber twice.
export async function announceRestock(tx: Database, origin: string, raises: StockRaise[]) {
  for (const { instrumentId, stockBefore } of raises) {
    if (stockBefore > 0) continue
    const [instrument] = await tx
      .select({ name: instruments.name, stock: instruments.stock })
      .from(instruments)
      .innerJoin(categories, eq(categories.id, instruments.categoryId))
      .where(and(eq(instruments.id, instrumentId), visibleToShoppers))
    // Hidden from shoppers, the product link would be a 404: the alerts wait for a later restock.
    if (!instrument || instrument.stock <= 0) continue
    const due = tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.instrumentId, instrumentId), alertWaiting))
      .for('update', { skipLocked: true })
    const claimed = await tx
      .update(stockAlerts)
      .set({ notifiedAt: new Date() })
      .where(inArray(stockAlerts.id, due))
      .returning()
    const accountIds = claimed.flatMap((a) => (a.accountId === null ? [] : [a.accountId]))
    const owners =
      accountIds.length === 0
        ? []
        : await tx
            .select({ id: accounts.id, email: accounts.email, userName: accounts.userName })
            .from(accounts)
            .where(and(inArray(accounts.id, accountIds), ne(accounts.rol, 'banned')))
    for (const alert of claimed) {
      const owner = owners.find((o) => o.id === alert.accountId)
      const to = alert.email ?? owner?.email
      if (!to) continue
      await queueMail(tx, {
        to,
        subject: `Back in stock: ${instrument.name}`,
        text: [
          greeting(owner?.userName),
          '',
          `${instrument.name} is back in stock at the Instrument Shop:`,
          `${origin}/instruments/${instrumentId}`,
          '',
          'You asked to hear when it returned. To get no more of these mails:',
          alertLink(origin, 'stop', alert.unsubscribeToken),
        ].join('\n'),
      })
    }
  }
}
