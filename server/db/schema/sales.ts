import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { FULFILMENTS, PAYMENT_STATUSES } from '../../../contract/order-states'
import { accounts } from './accounts'
import { instruments } from './catalog'

// An order (the spec's Historyshop). Customer fields are the checkout form's. A sale is `pending`
// while its stock is reserved and the card is being charged. `status` says where the money is,
// `fulfilment` where the goods are (contract/order-states.ts, docs/decisions/2026-11-25-orders.md).
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    fulfilment: text('fulfilment', { enum: FULFILMENTS }).notNull().default('unfulfilled'),
    cost: numeric('cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    userId: integer('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The provider's PaymentIntent; null only in the moment between reserving and creating it. */
    paymentId: text('payment_id'),
    failure: text('failure'),
    // The price's parts, in cents (contract/pricing-rule.ts): cost = subtotal − discount + shipping,
    // + tax when prices excluded it. Sales from before pricing have their cost as subtotal.
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    taxIncluded: boolean('tax_included').notNull().default(true),
    /** The code and the method as they were named when bought. */
    discountCode: text('discount_code'),
    shippingMethod: text('shipping_method'),
    /** Given back so far, in cents, a refund under way included: never more than `cost`. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The parcel: set when an admin ships it. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when the order's mail is queued: each paid sale is mailed once, however often asked. */
    orderMailedAt: timestamp('order_mailed_at', { withTimezone: true }),
    /** Set when the payment stopped to wait for 3-D Secure: such holds are counted per account. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    cusName: text('cus_name').notNull(),
    cusEmail: text('cus_email').notNull(),
    cusPhone: text('cus_phone').notNull(),
    cusAddress: text('cus_address').notNull(),
    cusCity: text('cus_city').notNull(),
    cusCountry: text('cus_country').notNull(),
    cusZip: text('cus_zip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sales_user_idx').on(t.userId),
    index('sales_payment_idx').on(t.paymentId),
    index('sales_status_created_idx').on(t.status, t.createdAt),
    index('sales_user_held_idx').on(t.userId, t.heldAt).where(sql`${t.heldAt} IS NOT NULL`),
    // Historyshops' sorts (server/back-office/admin-lists.ts), each its ORDER BY column for column,
    // read forwards or backwards: otherwise a page reads and sorts every sale, on PGlite in the one
    // thread shoppers wait for (docs/decisions/2026-11-25-back-office-at-scale.md).
    index('sales_admin_created_idx').on(t.createdAt, t.id),
    index('sales_admin_status_idx').on(t.status, t.fulfilment, t.id),
    index('sales_admin_cost_idx').on(t.cost, t.id),
    index('sales_admin_cus_name_idx').on(sql`lower(${t.cusName})`, t.id),
    index('sales_admin_cus_country_idx').on(sql`lower(${t.cusCountry})`, t.id),
    check(
      'sales_status_known',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'partially_refunded', 'refunded')`,
    ),
    check(
      'sales_fulfilment_known',
      sql`${t.fulfilment} in ('unfulfilled', 'shipped', 'delivered', 'cancelled')`,
    ),
    check('sales_refunded_not_negative', sql`${t.refundedCents} >= 0`),
  ],
)

// A bought line keeps a copy of the instrument, so deleting it loses no sales history.
export const saleItems = pgTable(
  'sale_items',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id').references(() => instruments.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    img: text('img').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    /** This line's share of the code's discount, and the tax in (or on) it, in cents. */
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** Units refunded, and units put back in stock (a cancel restocks even unrefunded ones). */
    refunded: integer('refunded').notNull().default(0),
    restocked: integer('restocked').notNull().default(0),
  },
  (t) => [
    check('sale_items_count_positive', sql`${t.count} > 0`),
    check('sale_items_refunded_within_count', sql`${t.refunded} between 0 and ${t.count}`),
    check('sale_items_restocked_within_count', sql`${t.restocked} between 0 and ${t.count}`),
    index('sale_items_sale_idx').on(t.saleId),
    index('sale_items_instrument_idx').on(t.instrumentId),
    // Historyshops searches sales by a line's instrument name, a substring (docs/product.md §4).
    // No pending list: PGlite never vacuums, so it would grow and be read on every search.
    index('sale_items_admin_name_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
)

// A retried POST /payment with the same Idempotency-Key answers the first result again; a
// failed sale drops its key so the same order may be tried with another card.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    accountId: integer('account_id').notNull(),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_sale_idx').on(t.saleId)],
)

/** Stripe's webhook events already handled: Stripe may deliver one more than once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
