import { eq } from 'drizzle-orm'
import {
  allowedActions,
  type OrderAction,
  type OrderStatus,
  orderStatus,
} from '../../contract/order-states'
import type { Deps } from '../context'
import { saleEvents } from '../db/schema/orders'
import { sales } from '../db/schema/sales'
import type { Transaction } from '../payments/settle'
import { queueShippedMail } from './order-mails'

// An admin moves a paid order on: shipped, then delivered (docs/decisions/2026-11-25-orders.md).
// Each move is one transaction on the sale's locked row, kept as an event with its admin.

export type MoveResult =
  | { kind: 'moved' }
  | { kind: 'not_found' }
  | { kind: 'not_allowed'; status: OrderStatus }

export interface Shipment {
  carrier: string
  trackingNumber: string
  trackingUrl?: string | undefined
}

export function ship(deps: Deps, saleId: number, adminId: number, shipment: Shipment) {
  return move(deps, saleId, 'ship', async (tx) => {
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
      adminId,
      note: `${shipment.carrier} ${shipment.trackingNumber}`,
    })
    if (sale) await queueShippedMail(tx, deps.env, sale)
  })
}

export function deliver(deps: Deps, saleId: number, adminId: number) {
  return move(deps, saleId, 'deliver', async (tx) => {
    await tx
      .update(sales)
      .set({ fulfilment: 'delivered', deliveredAt: new Date(), updatedAt: new Date() })
      .where(eq(sales.id, saleId))
    await tx.insert(saleEvents).values({ saleId, kind: 'delivered', adminId })
  })
}

async function move(
  deps: Deps,
  saleId: number,
  action: OrderAction,
  change: (tx: Transaction) => Promise<void>,
): Promise<MoveResult> {
  return deps.db.transaction(async (tx): Promise<MoveResult> => {
    const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for('update')
    if (!sale) return { kind: 'not_found' }
    if (!allowedActions(sale.status, sale.fulfilment).includes(action)) {
      return { kind: 'not_allowed', status: orderStatus(sale.status, sale.fulfilment) }
    }
    await change(tx)
    return { kind: 'moved' }
  })
}
