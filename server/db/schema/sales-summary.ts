import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core'

// Historyshops' summary reads these instead of summing every sale and paid line, which grow
// without end and on PGlite hold the one database thread. All are kept by triggers on `sales` and
// `sale_items` (migration 0018) in the same transaction as the write, whichever code path makes
// it. What counts as paid is the service's `paidSale`, written again in the triggers' SQL;
// server/back-office/sales-summary.test.ts checks the summary read from them equals the one summed
// from the sales after generated writes.

/** Every sale, per payment status and fulfilment: how many, and their costs less refunds. */
export const salesStateCounts = pgTable(
  'sales_state_counts',
  {
    status: text('status').notNull(),
    fulfilment: text('fulfilment').notNull(),
    orders: integer('orders').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    /** The tax and the shipping their prices held, as charged (migration 0028). */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.fulfilment] })],
)

/** The units of each instrument's lines in paid sales (refunded units included, as the chart has it). */
export const salesSellers = pgTable(
  'sales_sellers',
  {
    /** Null once the instrument is deleted: its lines are then grouped by their name. */
    instrumentId: integer('instrument_id'),
    deletedName: text('deleted_name'),
    /** What the summary shows: the greatest name its paid lines were sold under. */
    name: text('name'),
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('sales_sellers_key').on(t.instrumentId, t.deletedName).nullsNotDistinct(),
    // The ten first in the summary's order, ties by name, read from the index alone: at 100,000
    // instruments thousands tie on units.
    index('sales_sellers_top_idx').on(t.units.desc(), t.name),
  ],
)

/** A live instrument's paid lines per name they were sold under, to keep `sales_sellers.name`. */
export const salesSellerNames = pgTable(
  'sales_seller_names',
  {
    instrumentId: integer('instrument_id').notNull(),
    name: text('name').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.name] })],
)

/** One row: every unit of the paid sales' lines. */
export const salesUnitsSold = pgTable('sales_units_sold', {
  id: boolean('id').primaryKey(),
  units: bigint('units', { mode: 'number' }).notNull(),
})
