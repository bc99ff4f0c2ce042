import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts'
import { sales } from './sales'

/** A refunded line: the sale line, its instrument then (null once deleted) and the units. */
export interface RefundedLine {
  saleItemId: number
  instrumentId: number | null
  name: string
  count: number
}

// Money given back on a sale: made here (an admin's refund or cancel) or in Stripe's dashboard
// (learnt from the webhook). The row is written before the provider is asked, so two admins at
// once cannot give back more than was paid (docs/decisions/2026-11-25-orders.md).
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    restock: boolean('restock').notNull().default(false),
    lines: jsonb('lines').$type<RefundedLine[]>().notNull().default([]),
    source: text('source', { enum: ['shop', 'provider'] }).notNull(),
    adminId: integer('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The provider's refund id; null while the provider is being asked. */
    providerRefundId: text('provider_refund_id'),
    /** The admin's Idempotency-Key and a hash of what it asked: a retry replays, never refunds again. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sale_refunds_sale_idx').on(t.saleId),
    uniqueIndex('sale_refunds_provider_key').on(t.providerRefundId),
    uniqueIndex('sale_refunds_idempotency_key').on(t.idempotencyKey),
    check('sale_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
)

export const ORDER_EVENT_KINDS = ['paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const

/** Each change of an order after it was placed, with its time and its admin (the timeline). */
export const saleEvents = pgTable(
  'sale_events',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    adminId: integer('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sale_events_sale_idx').on(t.saleId, t.id)],
)
