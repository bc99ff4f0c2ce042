import { Hono } from 'hono'
import { salesOverTimeQuery } from '../../contract/sales-over-time'
import { salesOverTime } from '../back-office'
import type { AppEnv } from '../context'
import { requireAdmin } from '../middleware/auth'
import { parseQuery } from '../middleware/validate'

// GET /api/sales/over-time?from&to&by: Historyshops' "Sales over time". Admins only.
export const salesOverTimeRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) =>
  c.json(await salesOverTime(c.get('deps').db, parseQuery(salesOverTimeQuery, c.req.query()))),
)
