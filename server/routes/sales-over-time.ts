import { Hono } from 'hono'
import {
  salesOverTime as salesOverTimeAnswer,
  salesOverTimeQuery,
} from '../../contract/sales-over-time'
import { salesOverTime } from '../back-office'
import type { AppEnv } from '../context'
import { requireAdmin } from '../middleware/auth'
import { parseQuery } from '../middleware/validate'
import { describeOperation } from '../openapi/describe-operation'

const aboutSalesOverTime = describeOperation({
  summary:
    "Historyshops' sales over time: revenue net of refunds, orders and average order value of the paid sales made from `from` to `to` (YYYY-MM-DD, UTC days, both included) per day, week (from Monday) or month, with empty periods, and the top 10 instruments by revenue. At most 366 days by day, 1096 by week or month",
  auth: 'admin',
  query: salesOverTimeQuery,
  responses: {
    200: salesOverTimeAnswer,
    400: 'A missing or bad from, to or by, to before from, or a period over the cap (named)',
  },
})

// GET /api/sales/over-time?from&to&by: Historyshops' "Sales over time". Admins only.
export const salesOverTimeRoutes = new Hono<AppEnv>().get(
  '/',
  aboutSalesOverTime,
  requireAdmin,
  async (c) =>
    c.json(await salesOverTime(c.get('deps').db, parseQuery(salesOverTimeQuery, c.req.query()))),
)
