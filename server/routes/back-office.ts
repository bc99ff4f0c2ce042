import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  adminInstrumentPage as adminInstrumentPageAnswer,
  adminInstrumentQuery,
  adminSalePage as adminSalePageAnswer,
  adminSaleQuery,
  adminUserPage as adminUserPageAnswer,
  adminUserQuery,
  salesSummary as salesSummaryAnswer,
  stockSettings,
} from '../../contract/back-office'
import { idField, messageResponse } from '../../contract/rules'
import { sale } from '../../contract/sales'
import { recordAudit } from '../audit'
import { adminInstrumentPage, adminSalePage, adminUserPage, salesSummary } from '../back-office'
import type { AppEnv } from '../context'
import { saleItems, sales } from '../db/schema/sales'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { parseQuery, validate } from '../middleware/validate'
import { describeOperation } from '../openapi/describe-operation'
import { toSale } from '../orders'
import { defaultThreshold, setDefaultThreshold } from '../stock'

// The back office's tables, one page at a time (contract/back-office.ts), and the shop's default
// low-stock threshold. Admins only.
export const backOfficeRoutes = new Hono<AppEnv>()

backOfficeRoutes.use(requireAdmin)

const badQuery = 'A bad page, q, sort, dir or filter (named)'

const aboutInstrumentTable = describeOperation({
  summary:
    'One page (25) of every instrument, bans included, for the Instruments tab: q is a case-insensitive substring of the name; sort by id, img, name, stock or isBanned; stock filters low, out or low-or-out. Each row says its stock level against its threshold (its own or the shop default)',
  auth: 'admin',
  query: adminInstrumentQuery,
  responses: { 200: adminInstrumentPageAnswer, 400: badQuery },
})

backOfficeRoutes.get('/instruments', aboutInstrumentTable, async (c) =>
  c.json(
    await adminInstrumentPage(c.get('deps').db, parseQuery(adminInstrumentQuery, c.req.query())),
  ),
)

const aboutUserTable = describeOperation({
  summary:
    'One page (25) of the shopper accounts for the Users tab: q is a case-insensitive substring of the userName; sort by id, fullName, userName, email or rol',
  auth: 'admin',
  query: adminUserQuery,
  responses: { 200: adminUserPageAnswer, 400: badQuery },
})

backOfficeRoutes.get('/users', aboutUserTable, async (c) =>
  c.json(await adminUserPage(c.get('deps').db, parseQuery(adminUserQuery, c.req.query()))),
)

const aboutSaleTable = describeOperation({
  summary:
    "One page (25) of the sales for Historyshops, newest first: q is a case-insensitive substring of an item's instrument name; status filters by the headline status; sort by createdAt, id, status, cost, cus_name or cus_country. Rows leave the lines out (GET /admin/sales/{id} has them)",
  auth: 'admin',
  query: adminSaleQuery,
  responses: { 200: adminSalePageAnswer, 400: badQuery },
})

backOfficeRoutes.get('/sales', aboutSaleTable, async (c) =>
  c.json(await adminSalePage(c.get('deps').db, parseQuery(adminSaleQuery, c.req.query()))),
)

const aboutSalesSummary = describeOperation({
  summary:
    "Historyshops' summary over the paid sales, net of refunds (Cash_Balance, Total_Shops, Sold_Products, Last_Shop), the sales per headline status, and the chart's top 10 instruments by share of units sold",
  auth: 'admin',
  responses: { 200: salesSummaryAnswer },
})

backOfficeRoutes.get('/sales/summary', aboutSalesSummary, async (c) =>
  c.json(await salesSummary(c.get('deps').db)),
)

const aboutSaleDetail = describeOperation({
  summary: 'One sale with its lines, for Detalles',
  auth: 'admin',
  responses: {
    200: sale,
    400: 'id: must be a positive whole number',
    404: 'Historyshop no encontrado',
  },
})

backOfficeRoutes.get('/sales/:id', aboutSaleDetail, async (c) => {
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

const aboutThreshold = describeOperation({
  summary: "The shop's default low-stock threshold (instruments without their own use it)",
  auth: 'admin',
  responses: { 200: stockSettings },
})

backOfficeRoutes.get('/settings/stock', aboutThreshold, async (c) =>
  c.json({ lowStockThreshold: await defaultThreshold(c.get('deps').db) }),
)

const aboutThresholdEdit = describeOperation({
  summary: "Change the shop's default low-stock threshold; every process reads the new value",
  auth: 'admin',
  responses: {
    200: messageResponse.extend({ lowStockThreshold: z.number() }),
    400: 'lowStockThreshold: must be a whole number from 0',
  },
})

backOfficeRoutes.put('/settings/stock', aboutThresholdEdit, validate(stockSettings), async (c) => {
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
