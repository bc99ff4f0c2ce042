import { and, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm'
import { type OrderStatus, PAID_PAYMENTS } from '../../contract/order-states'
import { sales } from '../db/schema/sales'

// contract/order-states.ts's orderStatus() read backwards: the rows whose headline is `status`,
// so Historyshops filters in the database.
export function headlineIs(status: OrderStatus): SQL | undefined {
  const notCancelled = ne(sales.fulfilment, 'cancelled')
  switch (status) {
    case 'pending':
    case 'failed':
      return eq(sales.status, status)
    case 'cancelled':
      return and(notInArray(sales.status, ['pending', 'failed']), eq(sales.fulfilment, 'cancelled'))
    case 'partially_refunded':
    case 'refunded':
      return and(eq(sales.status, status), notCancelled)
    case 'succeeded':
      return and(eq(sales.status, 'succeeded'), eq(sales.fulfilment, 'unfulfilled'))
    case 'shipped':
    case 'delivered':
      return and(eq(sales.status, 'succeeded'), eq(sales.fulfilment, status))
  }
}

/** Paid and not wholly given back (contract/order-states.ts, PAID_STATUSES). */
export const paidSale = and(inArray(sales.status, PAID_PAYMENTS), ne(sales.fulfilment, 'cancelled'))
