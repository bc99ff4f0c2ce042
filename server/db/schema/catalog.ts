import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts'

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isBanned: boolean('is_banned').notNull().default(false),
  },
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
)

export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    stock: integer('stock').notNull(),
    status: text('status', { enum: ['New', 'Used'] }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    isBanned: boolean('is_banned').notNull().default(false),
    adminId: integer('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Average star count kept beside the row so a page of cards needs no join over reviews. */
    raiting: real('raiting').notNull().default(0),
    raitingCount: integer('raiting_count').notNull().default(0),
    /** Stock at or below this counts as low; null takes the shop's default (server/stock-levels). */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Extra shipping per unit in cents (a drum kit, a piano), added to any method's price. */
    shippingSurchargeCents: integer('shipping_surcharge_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('instruments_stock_not_negative', sql`${t.stock} >= 0`),
    check('instruments_price_not_negative', sql`${t.price} >= 0`),
    check('instruments_low_stock_not_negative', sql`${t.lowStockThreshold} >= 0`),
    check('instruments_surcharge_not_negative', sql`${t.shippingSurchargeCents} >= 0`),
    // The storefront pages only visible rows, sorted four ways: one index per order.
    index('instruments_visible_id_idx').on(t.categoryId, t.id).where(sql`NOT ${t.isBanned}`),
    index('instruments_visible_name_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`NOT ${t.isBanned}`),
    index('instruments_visible_price_idx').on(t.price, t.id).where(sql`NOT ${t.isBanned}`),
    index('instruments_category_idx').on(t.categoryId),
    // The back office's search is a substring of the name (docs/product.md §4) over every row,
    // banned ones too: trigrams let `ILIKE '%…%'` use an index at 100,000 instruments.
    // No pending list (fastupdate): PGlite never vacuums, so every row written since the index
    // was made would be read on each search (migration 0021).
    index('instruments_admin_name_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The shoppers' search (server/catalogue/search.ts): each typed word `<%` name and brand, over
    // the rows a shopper may see. GIN, not GiST: a word found in a tenth of the catalogue is a
    // list of rows to read, where GiST's signatures of many-word names say "maybe" for most.
    index('instruments_search_idx')
      .using('gin', sql`lower(${t.name} || ' ' || ${t.brand}) gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`NOT ${t.isBanned}`),
    // The back office sorts every instrument by name, banned ones too (the storefront's name index
    // holds the visible ones only).
    index('instruments_admin_name_sort_idx').on(sql`lower(${t.name})`, t.id),
  ],
)

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    saleItemId: integer('sale_item_id').notNull(),
    star: integer('star').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_star_range', sql`${t.star} BETWEEN 1 AND 5`),
    uniqueIndex('reviews_sale_item_key').on(t.saleItemId),
    index('reviews_instrument_idx').on(t.instrumentId),
  ],
)

/** The spec's "trolley": an account's favourite instruments. */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instrumentId] })],
)
