import { bigint, date, integer, pgTable } from 'drizzle-orm/pg-core'

// The paid sales of each UTC day, kept by a trigger on `sales` (migration 0014) in the same
// transaction as the write that pays, refunds or cancels one, so "Sales over time" reads a row a
// day instead of every sale of the period. The rule of what counts is the service's `paidSale`;
// server/services/sales-daily.test.ts checks the two agree.
export const salesDaily = pgTable('sales_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
  /** The day's costs less what was refunded of them; past 2^31 in a busy year, hence bigint. */
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
})
