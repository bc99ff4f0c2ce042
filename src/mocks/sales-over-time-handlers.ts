import { linesCents, toCents } from '../../contract/money'
import { isPaid } from '../../contract/sales'
import {
  periodStart,
  salesOverTimeOf,
  salesOverTimeQuery,
  type TopInstrument,
} from '../../contract/sales-over-time'
import { http } from './http'
import type { MockShop } from './mock-shop'

type Caller = (request: Request) => { rol: string } | null

const TOP = 10

// The mock backend's Sales over time (server/back-office/sales-over-time.ts) over the sales in
// memory: the same query checks, periods and averages (contract/sales-over-time.ts). Its sales
// keep no refunded units, so an instrument earns its lines whole.
export function salesOverTimeHandlers(shop: MockShop, caller: Caller) {
  return [
    http.get('/api/sales/over-time', ({ request, response }) => {
      const who = caller(request)
      if (!who) return response(401).json({ error: 'You need to log in' })
      if (who.rol !== 'admin')
        return response(403).json({ error: 'Only administrators may do this' })
      const parsed = salesOverTimeQuery.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      )
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const field = issue?.path.join('.') || 'query'
        return response(400).json({ error: `${field}: ${issue?.message ?? 'invalid'}`, field })
      }
      const q = parsed.data
      const found = new Map<string, { revenueCents: number; orders: number }>()
      const earned = new Map<string, TopInstrument>()
      for (const sale of shop.sales.filter(isPaid)) {
        const day = sale.createdAt.slice(0, 10)
        if (day < q.from || day > q.to) continue
        const start = periodStart(new Date(sale.createdAt), q.by)
        const sums = found.get(start) ?? { revenueCents: 0, orders: 0 }
        sums.revenueCents += toCents(sale.cost) - sale.refundedCents
        sums.orders += 1
        found.set(start, sums)
        for (const line of sale.instrument) {
          const key = line.instrumentId === null ? `name:${line.name}` : `id:${line.instrumentId}`
          const entry = earned.get(key) ?? {
            instrumentId: line.instrumentId,
            name: line.name,
            revenueCents: 0,
            units: 0,
          }
          entry.revenueCents += linesCents([line])
          entry.units += line.count
          earned.set(key, entry)
        }
      }
      const top = [...earned.values()]
        .sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units)
        .slice(0, TOP)
      return response(200).json(salesOverTimeOf(q, found, top))
    }),
  ]
}
