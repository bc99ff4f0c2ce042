import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import type { Database, Transaction } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { sales } from '../db/schema/sales'
import type { PaymentDeps } from './deps'
import type { PaymentRefusal } from './result'

// A hold: units reserved while the bank waits for the shopper's 3-D Secure (a 202). Holds the
// shopper never completes are what keeps stock from others, so an account may leave at most 3 in
// a day: 3 x 15 minutes is the longest one account keeps an instrument off sale in 24 hours.
export const UNFINISHED_HOLDS_A_DAY = 3
const DAY_MS = 24 * 60 * 60 * 1000

export const TOO_MANY_UNFINISHED_HOLDS = `You left ${UNFINISHED_HOLDS_A_DAY} payments waiting for authentication in the last 24 hours: you can pay by card again once the first of them is a day old`

export const tooManyUnitsHeld = (max: number) =>
  `A payment waiting for authentication may hold at most ${max} units: order fewer at once`

// Paid ones do not count (a refunded sale was paid too); pending and released ones do.
const unfinished = (accountId: number, since: Date) =>
  and(
    eq(sales.userId, accountId),
    gt(sales.heldAt, since),
    inArray(sales.status, ['pending', 'failed']),
  )

/** Seconds until the account may start a hold again: 0 while it has one left today. */
async function secondsUntilHoldsLeft(
  db: Database | Transaction,
  accountId: number,
  now: number,
  otherThan = 0,
): Promise<number> {
  const held = await db
    .select({ heldAt: sales.heldAt })
    .from(sales)
    .where(and(unfinished(accountId, new Date(now - DAY_MS)), ne(sales.id, otherThan)))
    .orderBy(asc(sales.heldAt))
  if (held.length < UNFINISHED_HOLDS_A_DAY) return 0
  // Once this one leaves the 24 hours, fewer than the limit are left in them.
  const leaving = held[held.length - UNFINISHED_HOLDS_A_DAY]?.heldAt
  return leaving ? Math.max(1, Math.ceil((leaving.getTime() + DAY_MS - now) / 1000)) : 0
}

/** Before any stock is reserved: an account out of holds starts no card payment. */
export async function holdsLeft(
  deps: PaymentDeps,
  accountId: number,
): Promise<PaymentRefusal | undefined> {
  const wait = await secondsUntilHoldsLeft(deps.db, accountId, deps.throttle.now())
  return wait > 0 ? tooManyUnfinishedHolds(wait) : undefined
}

/**
 * Once the bank asks for authentication: counts the hold (sales.heldAt) unless the account has
 * none left, which is refused. The account's row is locked, so holds that race
 * past `refuseWithoutHoldsLeft` are counted one after another and the extra ones refused.
 */
export async function startHold(
  deps: PaymentDeps,
  accountId: number,
  saleId: number,
): Promise<PaymentRefusal | undefined> {
  const now = deps.throttle.now()
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('no key update')
    const wait = await secondsUntilHoldsLeft(tx, accountId, now, saleId)
    if (wait > 0) return tooManyUnfinishedHolds(wait)
    await tx
      .update(sales)
      .set({ heldAt: new Date(now) })
      .where(and(eq(sales.id, saleId), isNull(sales.heldAt)))
    return undefined
  })
}

function tooManyUnfinishedHolds(seconds: number): PaymentRefusal {
  return { kind: 'too_many_holds', error: TOO_MANY_UNFINISHED_HOLDS, retryAfterSeconds: seconds }
}
