import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts'
import { categories } from './catalog'
import { sales } from './sales'

// What an order costs beyond its instruments (server/pricing). Money here is whole cents.

/** Where the shop ships. One zone at most covers every country no other zone names. */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    coversRest: boolean('covers_rest').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_zones_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('shipping_zones_rest_key').on(t.coversRest).where(sql`${t.coversRest}`),
  ],
)

// Countries are matched by name without case: a country belongs to one zone at most.
export const shippingZoneCountries = pgTable(
  'shipping_zone_countries',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [
    uniqueIndex('shipping_zone_countries_country_key').on(sql`lower(${t.country})`),
    index('shipping_zone_countries_zone_idx').on(t.zoneId),
  ],
)

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Free (but for the surcharges) when the subtotal after discounts reaches it. */
    freeOverCents: integer('free_over_cents'),
    /** Delivery estimate in days. */
    days: integer('days'),
  },
  (t) => [
    index('shipping_methods_zone_idx').on(t.zoneId),
    check('shipping_methods_price_not_negative', sql`${t.priceCents} >= 0`),
    check('shipping_methods_free_over_not_negative', sql`${t.freeOverCents} >= 0`),
    check('shipping_methods_days_not_negative', sql`${t.days} >= 0`),
  ],
)

/** A country's tax rate in hundredths of a percent (2100 = 21 %). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    rateHundredths: integer('rate_hundredths').notNull(),
  },
  (t) => [
    uniqueIndex('tax_rates_country_key').on(sql`lower(${t.country})`),
    check('tax_rates_rate_range', sql`${t.rateHundredths} between 0 and 10000`),
  ],
)

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** Percent in hundredths (1000 = 10 %), or cents off. */
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerShopper: integer('max_uses_per_shopper'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(sql`lower(${t.code})`),
    check('discount_codes_kind_known', sql`${t.kind} in ('percent', 'amount')`),
    check(
      'discount_codes_value_range',
      sql`${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} <= 10000)`,
    ),
    check('discount_codes_min_subtotal_not_negative', sql`${t.minSubtotalCents} >= 0`),
    check('discount_codes_max_uses_positive', sql`${t.maxUses} > 0`),
    check('discount_codes_max_uses_per_shopper_positive', sql`${t.maxUsesPerShopper} > 0`),
  ],
)

/** The categories a code applies to; none: the whole cart. */
export const discountCodeCategories = pgTable(
  'discount_code_categories',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.categoryId] })],
)

// A use is `held` by a reservation (taken under the code's row lock, in the reservation's
// transaction) and `kept` once its sale is paid; a failed, released or cancelled sale deletes it.
// Both states count against the limits, so payments under way cannot overspend a code.
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['held', 'kept'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discount_code_uses_state_known', sql`${t.state} in ('held', 'kept')`),
    uniqueIndex('discount_code_uses_sale_key').on(t.saleId),
    index('discount_code_uses_code_account_idx').on(t.codeId, t.accountId),
  ],
)
