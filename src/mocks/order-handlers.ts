import { formatCents, toCents } from '../../contract/money'
import {
  allowedActions,
  cancelBody,
  type Order,
  type OrderAction,
  type OrderEvent,
  type OrderRefund,
  orderStatus,
  type PaymentStatus,
  paymentAfterRefunds,
  refundBody,
  type Shipment,
  shipmentBody,
} from '../../contract/orders'
import type { Sale } from '../../contract/sales'
import { http } from './http'
import type { MockShop } from './mock-shop'
import { parse } from './parse-body'

type Caller = (request: Request) => { id: number; rol: string; userName: string } | null
type Refused<Status> = { refused: { status: Status; body: { error: string } } }
type Found<Status> =
  | Refused<Status>
  | { refused: null; sale: Sale; who: { id: number; rol: string; userName: string } }

/** What the mock keeps of an order beyond its sale: the parcel, the refunds, the timeline. */
interface OrderExtras {
  shipment: Shipment | null
  refunds: OrderRefund[]
  timeline: OrderEvent[]
  /** Units refunded and put back on the shelf, by the sale line's id. */
  refunded: Map<number, number>
  restocked: Map<number, number>
}

const MOVED: Record<OrderAction, string> = {
  ship: 'shipped',
  deliver: 'marked delivered',
  cancel: 'cancelled',
  refund: 'refunded',
}

// The mock backend's orders (server/routes/orders.ts): the same moves and refusals, in memory.
// The states' rules come from the contract (orderStatus, allowedActions), as the server's do.
export function orderHandlers(shop: MockShop, caller: Caller) {
  const extras = new Map<number, OrderExtras>()
  const extrasOf = (sale: Sale) => {
    let found = extras.get(sale.id)
    if (!found) {
      const placed = { at: sale.createdAt, admin: null, note: null }
      found = {
        shipment: null,
        refunds: [],
        timeline: [
          { kind: 'placed', ...placed },
          { kind: 'paid', ...placed },
        ],
        refunded: new Map(),
        restocked: new Map(),
      }
      extras.set(sale.id, found)
    }
    return found
  }
  const paidCents = (sale: Sale) => toCents(sale.cost)
  const paymentOf = (sale: Sale): PaymentStatus => {
    if (sale.status === 'pending' || sale.status === 'failed') return sale.status
    if (sale.refundedCents === 0) return 'succeeded'
    return paymentAfterRefunds(sale)
  }
  const actionsOf = (sale: Sale) => allowedActions(paymentOf(sale), sale.fulfilment)
  const settle = (sale: Sale) => {
    sale.status = orderStatus(paymentOf(sale), sale.fulfilment)
    sale.updatedAt = new Date().toISOString()
  }

  function toOrder(sale: Sale, forAdmin: boolean): Order {
    const { instrument, ...rest } = sale
    const kept = extrasOf(sale)
    const lines = instrument.map((line) => ({
      ...line,
      priceCents: toCents(line.price),
      refunded: kept.refunded.get(line.id) ?? 0,
      restocked: kept.restocked.get(line.id) ?? 0,
    }))
    const admin = <T extends { admin: string | null }>(row: T) =>
      forAdmin ? row : { ...row, admin: null }
    return {
      ...rest,
      totalCents: paidCents(sale),
      lines,
      payment: {
        status: paymentOf(sale),
        paidCents: paidCents(sale),
        refundedCents: sale.refundedCents,
        failure: null,
      },
      refunds: kept.refunds.map(admin),
      shipment: kept.shipment,
      timeline: kept.timeline.map(admin),
      actions: forAdmin ? actionsOf(sale) : [],
    }
  }

  const refuse = <Status>(status: Status, error: string): Refused<Status> => ({
    refused: { status, body: { error } },
  })

  /** The caller's order, or the answer that refuses it: another shopper's is a 404. */
  function orderFor(request: Request, id: unknown): Found<401 | 404> {
    const who = caller(request)
    if (!who) return refuse(401, 'You need to log in')
    const sale = shop.sales.find((s) => s.id === Number(id))
    if (!sale || (who.rol !== 'admin' && sale.userId !== who.id))
      return refuse(404, 'Order not found')
    return { refused: null, sale, who }
  }

  /** An admin's move: the order, or the answer refusing it (a move its state forbids is a 409). */
  function moveFor(
    request: Request,
    id: unknown,
    action: OrderAction,
  ): Found<401 | 403 | 404 | 409> {
    const found = orderFor(request, id)
    if (found.refused) return found
    if (found.who.rol !== 'admin') return refuse(403, 'Only administrators may do this')
    if (!actionsOf(found.sale).includes(action))
      return refuse(409, `This order is ${found.sale.status}: it cannot be ${MOVED[action]}`)
    return found
  }

  function giveBack(
    sale: Sale,
    who: { userName: string },
    cents: number,
    reason: string,
    lines: { line: Sale['instrument'][number]; count: number }[],
    restock: boolean,
  ) {
    const kept = extrasOf(sale)
    const at = new Date().toISOString()
    for (const { line, count } of lines) {
      kept.refunded.set(line.id, (kept.refunded.get(line.id) ?? 0) + count)
      if (!restock) continue
      kept.restocked.set(line.id, (kept.restocked.get(line.id) ?? 0) + count)
      const instrument = shop.instruments.find((i) => i.id === line.instrumentId)
      if (instrument) instrument.stock += count
    }
    const refund: OrderRefund = {
      id: shop.nextId([...extras.values()].flatMap((e) => e.refunds)),
      amountCents: cents,
      reason,
      restock,
      lines: lines.map(({ line, count }) => ({
        instrumentId: line.instrumentId,
        name: line.name,
        count,
      })),
      source: 'shop',
      admin: who.userName,
      createdAt: at,
    }
    kept.refunds.push(refund)
    kept.timeline.push({ kind: 'refunded', at, admin: who.userName, note: reason })
    sale.refundedCents += cents
    return refund
  }

  return [
    http.get('/api/sales/{id}', ({ params, request, response }) => {
      const found = orderFor(request, params.id)
      if (found.refused) return response(found.refused.status).json(found.refused.body)
      return response(200).json(toOrder(found.sale, found.who.rol === 'admin'))
    }),
    http.post('/api/sales/{id}/shipment', async ({ params, request, response }) => {
      const found = moveFor(request, params.id, 'ship')
      if (found.refused) return response(found.refused.status).json(found.refused.body)
      const body = await parse(shipmentBody, request)
      if (body.error) return response(400).json(body.error)
      const { sale, who } = found
      const at = new Date().toISOString()
      const { carrier, trackingNumber, trackingUrl } = body.data
      extrasOf(sale).shipment = {
        carrier,
        trackingNumber,
        trackingUrl: trackingUrl || null,
        shippedAt: at,
        deliveredAt: null,
      }
      extrasOf(sale).timeline.push({
        kind: 'shipped',
        at,
        admin: who.userName,
        note: `${carrier} ${trackingNumber}`,
      })
      sale.fulfilment = 'shipped'
      settle(sale)
      return response(200).json({ ok: 'Order shipped', order: toOrder(sale, true) })
    }),
    http.post('/api/sales/{id}/delivered', ({ params, request, response }) => {
      const found = moveFor(request, params.id, 'deliver')
      if (found.refused) return response(found.refused.status).json(found.refused.body)
      const { sale, who } = found
      const at = new Date().toISOString()
      const kept = extrasOf(sale)
      if (kept.shipment) kept.shipment.deliveredAt = at
      kept.timeline.push({ kind: 'delivered', at, admin: who.userName, note: null })
      sale.fulfilment = 'delivered'
      settle(sale)
      return response(200).json({ ok: 'Order delivered', order: toOrder(sale, true) })
    }),
    http.post('/api/sales/{id}/cancel', async ({ params, request, response }) => {
      const found = moveFor(request, params.id, 'cancel')
      if (found.refused) return response(found.refused.status).json(found.refused.body)
      const body = await parse(cancelBody, request)
      if (body.error) return response(400).json(body.error)
      const { sale, who } = found
      const kept = extrasOf(sale)
      // Cancelling gives back what is left and puts every unit not yet restocked back on sale.
      const lines = sale.instrument
        .map((line) => ({ line, count: line.count - (kept.restocked.get(line.id) ?? 0) }))
        .filter(({ count }) => count > 0)
      const left = paidCents(sale) - sale.refundedCents
      if (left > 0) giveBack(sale, who, left, body.data.reason, lines, true)
      kept.timeline.push({
        kind: 'cancelled',
        at: new Date().toISOString(),
        admin: who.userName,
        note: body.data.reason,
      })
      sale.fulfilment = 'cancelled'
      settle(sale)
      return response(200).json({ ok: 'Order cancelled', order: toOrder(sale, true) })
    }),
    http.post('/api/sales/{id}/refunds', async ({ params, request, response }) => {
      const found = moveFor(request, params.id, 'refund')
      if (found.refused) return response(found.refused.status).json(found.refused.body)
      const body = await parse(refundBody, request)
      if (body.error) return response(400).json(body.error)
      const { sale, who } = found
      const kept = extrasOf(sale)
      const lines = []
      for (const { instrumentId, count } of body.data.lines ?? []) {
        const line = sale.instrument.find((l) => l.instrumentId === instrumentId)
        if (!line) return response(409).json({ error: 'That instrument is not in this order' })
        const left = line.count - (kept.refunded.get(line.id) ?? 0)
        if (count > left)
          return response(409).json({ error: `Only ${left} of ${line.name} left to refund` })
        lines.push({ line, count })
      }
      const cents =
        body.data.amount !== undefined
          ? toCents(body.data.amount)
          : lines.reduce((sum, { line, count }) => sum + toCents(line.price) * count, 0)
      const left = paidCents(sale) - sale.refundedCents
      if (cents > left)
        return response(409).json({ error: `Only ${formatCents(left)} is left to refund` })
      const refund = giveBack(sale, who, cents, body.data.reason, lines, body.data.restock)
      settle(sale)
      return response(201).json({ ok: 'Refund made', refund, order: toOrder(sale, true) })
    }),
  ]
}
