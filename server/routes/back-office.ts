import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  adminInstrumentQuery,
  adminSaleQuery,
  adminUserQuery,
  stockSettings,
} from '../../contract/back-office'
import { idField } from '../../contract/rules'
import { recordAudit } from '../audit'
import { adminInstrumentPage, adminSalePage, adminUserPage, salesSummary } from '../back-office'
import type { AppEnv } from '../context'
import { saleItems, sales } from '../db/schema/sales'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { parseQuery, validate } from '../middleware/validate'
import { toSale } from '../orders'
import { defaultThreshold, setDefaultThreshold } from '../stock'

// The back office's tables, one page at a time (contract/back-office.ts), and the shop's default
// low-stock threshold. Admins only.
export const backOfficeRoutes = new Hono<AppEnv>()

backOfficeRoutes.use(requireAdmin)

backOfficeRoutes.get('/instruments', async (c) =>
  c.json(
    await adminInstrumentPage(c.get('deps').db, parseQuery(adminInstrumentQuery, c.req.query())),
  ),
)

backOfficeRoutes.get('/users', async (c) =>
  c.json(await adminUserPage(c.get('deps').db, parseQuery(adminUserQuery, c.req.query()))),
)

backOfficeRoutes.get('/sales', async (c) =>
  c.json(await adminSalePage(c.get('deps').db, parseQuery(adminSaleQuery, c.req.query()))),
)

backOfficeRoutes.get('/sales/summary', async (c) => c.json(await salesSummary(c.get('deps').db)))

backOfficeRoutes.get('/sales/:id', async (c) => {
  const parsed = idField.safeParse(c.req.param('id'))
  if (!parsed.success) fail(400, 'id: must be a positive whole number', 'id')
  const { db } = c.get('deps')
  const [row] = await db.select().from(sales).where(eq(sales.id, parsed.data))
  if (!row) fail(404, 'Historyshop no encontrado')
  const lines = await db
    .select()
    .from(saleItems)
    .where(eq(saleItems.saleId, row.id))
    .orderBy(asc(saleItems.id))
  return c.json(toSale(row, lines))
})

backOfficeRoutes.get('/settings/stock', async (c) =>
  c.json({ lowStockThreshold: await defaultThreshold(c.get('deps').db) }),
)

backOfficeRoutes.put('/settings/stock', validate(stockSettings), async (c) => {
  const { lowStockThreshold } = c.req.valid('json')
  await c.get('deps').db.transaction(async (tx) => {
    const before = await defaultThreshold(tx)
    await setDefaultThreshold(tx, lowStockThreshold)
    await recordAudit(tx, c.get('account'), {
      kind: 'setting.update',
      entity: 'setting',
      entityId: 'low-stock-threshold',
      before: { lowStockThreshold: before },
      after: { lowStockThreshold },
    })
  })
  return c.json({ ok: 'Low stock threshold saved', lowStockThreshold })
})
