import { bigint, date, integer, pgTable, text, unique } from 'drizzle-orm/pg-core'

// "Sales over time" reads these instead of every sale and line of the period. Both are kept by
// triggers on `sales` and `sale_items` (migration 0014) in the same transaction as the write that
// pays, refunds or cancels a sale, whichever code path makes it. What counts is the service's
// `paidSale`, written again in the triggers' SQL; server/back-office/sales-daily.test.ts checks the
// two agree after sales, refunds, cancels and a deleted instrument.

/** The paid sales of each UTC day: orders, and their costs less what was refunded of them. */
export const salesDaily = pgTable('sales_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
  /** Past 2^31 cents in a busy year, hence bigint. */
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  /** The tax and the shipping those sales' prices held, as charged (migration 0028). */
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
  shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
})

/** The units not refunded of each instrument's lines in the paid sales of a UTC day. */
export const salesDailyInstruments = pgTable(
  'sales_daily_instruments',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** Null once the instrument is deleted: its lines are then grouped by their name. */
    instrumentId: integer('instrument_id'),
    deletedName: text('deleted_name'),
    units: integer('units').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('sales_daily_instruments_key')
      .on(t.day, t.instrumentId, t.deletedName)
      .nullsNotDistinct(),
  ],
)
