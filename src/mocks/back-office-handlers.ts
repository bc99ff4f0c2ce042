import { stockSettings } from '../../contract/back-office'
import {
  adminInstrumentRows,
  adminSaleRows,
  adminUserRows,
  DEFAULT_LOW_STOCK,
  salesSummaryOf,
} from './admin-pages'
import { http } from './http'
import type { MockShop } from './mock-shop'

type Caller = (request: Request) => { rol: string } | null

// The mock backend's back-office tables (server/routes/back-office.ts): pages of the shop in
// memory, searched, sorted and filtered as the server does.
export function backOfficeHandlers(shop: MockShop, caller: Caller) {
  let shopDefault = DEFAULT_LOW_STOCK
  const refused = (request: Request) => {
    const who = caller(request)
    if (!who) return { status: 401 as const, body: { error: 'You need to log in' } }
    if (who.rol !== 'admin') {
      return { status: 403 as const, body: { error: 'Only administrators may do this' } }
    }
    return null
  }
  const query = (request: Request) =>
    Object.fromEntries(new URL(request.url).searchParams) as Record<string, string>
  return [
    http.get('/api/admin/instruments', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json(adminInstrumentRows(shop.instruments, query(request), shopDefault))
    }),
    http.get('/api/admin/users', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const accounts = shop.accounts.map(({ password: _, emailVerified: __, ...a }) => a)
      return response(200).json(adminUserRows(accounts, query(request)))
    }),
    http.get('/api/admin/sales', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json(adminSaleRows(shop.sales, query(request)))
    }),
    http.get('/api/admin/sales/summary', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json(salesSummaryOf(shop.sales))
    }),
    http.get('/api/admin/sales/{id}', ({ params, request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const sale = shop.sales.find((s) => s.id === Number(params.id))
      if (!sale) return response(404).json({ error: 'Historyshop no encontrado' })
      return response(200).json(sale)
    }),
    http.get('/api/admin/settings/stock', ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      return response(200).json({ lowStockThreshold: shopDefault })
    }),
    http.put('/api/admin/settings/stock', async ({ request, response }) => {
      const no = refused(request)
      if (no) return response(no.status).json(no.body)
      const parsed = stockSettings.safeParse(await request.json().catch(() => undefined))
      if (!parsed.success) {
        return response(400).json({
          error: 'lowStockThreshold: must be a whole number',
          field: 'lowStockThreshold',
        })
      }
      shopDefault = parsed.data.lowStockThreshold
      return response(200).json({ ok: 'Low stock threshold saved', lowStockThreshold: shopDefault })
    }),
  ]
}
