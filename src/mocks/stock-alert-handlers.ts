import { ALERT_MESSAGES } from '../../contract/stock-alerts'
import { http } from './http'
import type { MockShop } from './mock-shop'

type Caller = (request: Request) => { id: number } | null

// The mock backend's search suggestions and back-in-stock alerts (server/routes/instrument-search.ts,
// server/routes/stock-alerts.ts). The suggestions match a substring of name, brand or category
// only: the server's typo tolerance is pg_trgm's and is tested against the server. Listed before
// GET /api/instruments/{id}, which would take `suggestions` for an id.
export function searchAndAlertHandlers(shop: MockShop, caller: Caller) {
  const alerts = new Set<string>()
  const key = (accountId: number, instrumentId: unknown) => `${accountId}:${Number(instrumentId)}`
  const soldOut = (id: unknown) =>
    shop.instruments.find((i) => i.id === Number(id) && shop.visible(i))
  return [
    http.get('/api/instruments/suggestions', ({ request, response }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase()
      if (!q) return response(400).json({ error: 'q: Required', field: 'q' })
      if (q.length < 2) return response(200).json([])
      const found = shop.instruments
        .filter(shop.visible)
        .filter((i) => `${i.name} ${i.brand} ${i.categoryName}`.toLowerCase().includes(q))
        .slice(0, 6)
        .map(({ id, name, brand, price, img }) => ({ id, name, brand, price, img }))
      return response(200).json(found)
    }),
    http.get('/api/instruments/{id}/alerts', ({ params, request, response }) => {
      const who = caller(request)
      if (!who) return response(401).json({ error: 'You need to log in' })
      return response(200).json({ subscribed: alerts.has(key(who.id, params.id)) })
    }),
    http.post('/api/instruments/{id}/alerts', async ({ params, request, response }) => {
      const instrument = soldOut(params.id)
      if (!instrument) return response(404).json({ error: 'Instrument not found' })
      if (instrument.stock > 0) return response(409).json({ error: ALERT_MESSAGES.inStock })
      const who = caller(request)
      if (who) {
        alerts.add(key(who.id, params.id))
        return response(200).json({ ok: ALERT_MESSAGES.subscribed, subscribed: true })
      }
      // The body is optional (none for a signed-in tap), so the API description types it as none.
      const body = (await (request as Request).json().catch(() => ({}))) as { email?: unknown }
      if (!body.email) return response(400).json({ error: 'email: Required', field: 'email' })
      return response(200).json({ ok: ALERT_MESSAGES.confirmSent })
    }),
    http.delete('/api/instruments/{id}/alerts', ({ params, request, response }) => {
      const who = caller(request)
      if (!who) return response(401).json({ error: 'You need to log in' })
      alerts.delete(key(who.id, params.id))
      return response(200).json({ ok: ALERT_MESSAGES.stopped, subscribed: false })
    }),
    http.post('/api/alerts/confirm', ({ response }) =>
      response(200).json({ ok: 'We will e-mail you when it is back in stock' }),
    ),
    http.post('/api/alerts/unsubscribe', ({ response }) =>
      response(200).json({ ok: 'You will get no more mails about this instrument' }),
    ),
  ]
}
