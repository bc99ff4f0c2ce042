import { eq } from 'drizzle-orm'
import { allowedActions, type OrderAction, orderStatus } from '../../contract/order-states'
import { type Admin, recordAudit } from '../audit'
import type { Database, Transaction } from '../db/client'
import { saleEvents } from '../db/schema/orders'
import { sales } from '../db/schema/sales'
import type { Env } from '../env'
import { queueShippedMail } from './order-mails'

// An admin moves a paid order on: shipped, then delivered (docs/decisions/2026-11-25-orders.md).
// Each move is one transaction on the sale's locked row, kept as an event with its admin and in
// the audit trail.

type Sale = typeof sales.$inferSelect

export type MoveResult = { kind: 'moved' } | typeof ORDER_NOT_FOUND | MoveNotAllowed

interface MoveNotAllowed {
  kind: 'not_allowed'
  error: string
}

export const ORDER_NOT_FOUND = { kind: 'not_found', error: 'Order not found' } as const

const VERBS: Record<OrderAction, string> = {
  ship: 'shipped',
  deliver: 'marked delivered',
  cancel: 'cancelled',
  refund: 'refunded',
}

/** A move, refund or cancel the order's state does not allow, said with the state it is in. */
export function moveNotAllowed(
  sale: Pick<Sale, 'status' | 'fulfilment'>,
  action: OrderAction,
): MoveNotAllowed {
  const status = orderStatus(sale.status, sale.fulfilment)
  return { kind: 'not_allowed', error: `This order is ${status}: it cannot be ${VERBS[action]}` }
}

/** What a move needs: the database, and the shop's origin for the links in its mails. */
export interface OrderDeps {
  db: Database
  env: Env
}

export interface Shipment {
  carrier: string
  trackingNumber: string
  trackingUrl?: string | undefined
}

export function ship(deps: OrderDeps, saleId: number, admin: Admin, shipment: Shipment) {
  return move(deps, saleId, admin, 'ship', async (tx) => {
    const [sale] = await tx
      .update(sales)
      .set({
        fulfilment: 'shipped',
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl || null,
        shippedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(sales.id, saleId))
      .returning()
    await tx.insert(saleEvents).values({
      saleId,
      kind: 'shipped',
      adminId: admin.id,
      note: `${shipment.carrier} ${shipment.trackingNumber}`,
    })
    if (sale) await queueShippedMail(tx, deps.env, sale)
    return sale
  })
}

export function deliver(deps: OrderDeps, saleId: number, admin: Admin) {
  return move(deps, saleId, admin, 'deliver', async (tx) => {
    const [sale] = await tx
      .update(sales)
      .set({ fulfilment: 'delivered', deliveredAt: new Date(), updatedAt: new Date() })
      .where(eq(sales.id, saleId))
      .returning()
    await tx.insert(saleEvents).values({ saleId, kind: 'delivered', adminId: admin.id })
    return sale
  })
}

async function move(
  deps: OrderDeps,
  saleId: number,
  admin: Admin,
  action: 'ship' | 'deliver',
  change: (tx: Transaction) => Promise<Sale | undefined>,
): Promise<MoveResult> {
  return deps.db.transaction(async (tx): Promise<MoveResult> => {
    const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update')
    if (!sale) return ORDER_NOT_FOUND
    if (!allowedActions(sale.status, sale.fulfilment).includes(action)) {
      return moveNotAllowed(sale, action)
    }
    const after = await change(tx)
    const entry = { kind: `sale.${action}`, entity: 'sale', entityId: saleId } as const
    await recordAudit(tx, admin, { ...entry, before: sale, after })
    return { kind: 'moved' }
  })
}
