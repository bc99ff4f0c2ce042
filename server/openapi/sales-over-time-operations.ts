import { salesOverTime, salesOverTimeQuery } from '../../contract/sales-over-time'
import type { Operation } from './operations'

export const salesOverTimeOperations: Record<string, Operation> = {
  'GET /sales/over-time': {
    summary:
      "Historyshops' sales over time: revenue net of refunds, orders and average order value of the paid sales made from `from` to `to` (YYYY-MM-DD, UTC days, both included) per day, week (from Monday) or month, with empty periods, and the top 10 instruments by revenue. At most 366 days by day, 1096 by week or month",
    auth: 'admin',
    query: salesOverTimeQuery,
    responses: {
      200: salesOverTime,
      400: 'A missing or bad from, to or by, to before from, or a period over the cap (named)',
    },
  },
}
