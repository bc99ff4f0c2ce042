import { z } from 'zod'
import { instrument, searchText } from './catalog'
import { ORDER_STATUSES } from './order-states'
import { numberField } from './rules'
import { sale } from './sales'
import { account } from './users'

// The back office's tables, paged, sorted and searched in the database (GET /api/admin/…), so a
// tab costs the same with 40 or 100,000 rows. The spec's whole lists (GET /api/instruments, /users,
// /transactions) still answer as they always did.

/**
 * Rows per page. 25 instruments at every field's longest stay under 200 KB of JSON (a row leaves
 * the description out: the edit form reads the one instrument).
 */
export const ADMIN_PAGE_SIZE = 25

/** A blank field of the search form is no search. */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const pageQuery = <Sort extends readonly [string, ...string[]]>(sorts: Sort) =>
  z.object({
    page: z.preprocess(
      blankIsMissing,
      numberField('must be a whole number').pipe(z.number().int().min(1).max(1_000_000)).default(1),
    ),
    // docs/product.md §4: a case-insensitive substring of the tab's one searched field.
    q: z.preprocess(blankIsMissing, searchText.optional()),
    sort: z.preprocess(
      blankIsMissing,
      z.enum(sorts, { message: `must be one of ${sorts.join(', ')}` }).default(sorts[0]),
    ),
    dir: z.preprocess(blankIsMissing, z.enum(['asc', 'desc']).default('asc')),
  })

/** What the browser sends (the schemas' input is wider: they read query-string text). */
interface ListQuery<Sort extends string> {
  page?: number
  q?: string
  sort?: Sort
  dir?: 'asc' | 'desc'
}

export const STOCK_LEVELS = ['ok', 'low', 'out'] as const
export type StockLevel = (typeof STOCK_LEVELS)[number]
/** The Instruments tab's filter: low (some left, at or below the threshold), out (none), or both. */
export const STOCK_FILTERS = ['low', 'out', 'low-or-out'] as const
export type StockFilter = (typeof STOCK_FILTERS)[number]

export const INSTRUMENT_SORTS = ['id', 'img', 'name', 'stock', 'isBanned'] as const
export const adminInstrumentQuery = pageQuery(INSTRUMENT_SORTS).extend({
  stock: z.preprocess(
    blankIsMissing,
    z.enum(STOCK_FILTERS, { message: `must be one of ${STOCK_FILTERS.join(', ')}` }).optional(),
  ),
})
export type AdminInstrumentQuery = ListQuery<(typeof INSTRUMENT_SORTS)[number]> & {
  stock?: StockFilter
}

export const USER_SORTS = ['id', 'fullName', 'userName', 'email', 'rol'] as const
export const adminUserQuery = pageQuery(USER_SORTS)
export type AdminUserQuery = ListQuery<(typeof USER_SORTS)[number]>

// By id, newest first: a sale's id is given when it is made, so it reads as createdAt and has an index.
export const SALE_SORTS = ['id', 'status', 'cost', 'cus_name', 'cus_country', 'createdAt'] as const
export const adminSaleQuery = pageQuery(SALE_SORTS).extend({
  // Newest first unless the admin sorts otherwise: the spec's list reads that way.
  dir: z.preprocess(blankIsMissing, z.enum(['asc', 'desc']).default('desc')),
  status: z.preprocess(
    blankIsMissing,
    z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  ),
})
export type AdminSaleQuery = ListQuery<(typeof SALE_SORTS)[number]> & {
  status?: (typeof ORDER_STATUSES)[number]
}

const page = <Row extends z.ZodType>(row: Row) =>
  z.object({
    items: z.array(row),
    /** Rows matching the search and filter; `all` counts the table without them. */
    total: z.number(),
    /** True when more rows match than `total` (counting stops at 1,000: pages go on). */
    totalCapped: z.boolean(),
    all: z.number(),
    page: z.number(),
    pages: z.number(),
    pageSize: z.number(),
  })

export const adminInstrument = instrument.omit({ description: true }).extend({
  /** Null: the shop's default threshold applies. */
  lowStockThreshold: z.number().nullable(),
  /** The threshold in force, its own or the shop's. */
  threshold: z.number(),
  stockLevel: z.enum(STOCK_LEVELS),
})
export type AdminInstrument = z.infer<typeof adminInstrument>
export const adminInstrumentPage = page(adminInstrument)
export type AdminInstrumentPage = z.infer<typeof adminInstrumentPage>

export const adminUserPage = page(account)
export type AdminUserPage = z.infer<typeof adminUserPage>

/** A sale's row in Historyshops; `Detalles` reads the whole sale with its lines. */
export const adminSaleRow = sale.omit({ instrument: true })
export type AdminSaleRow = z.infer<typeof adminSaleRow>
export const adminSalePage = page(adminSaleRow)
export type AdminSalePage = z.infer<typeof adminSalePage>

// A type, not an interface: nivo's BarDatum wants an index signature.
export type TopSeller = { name: string; 'Porcentaje de venta': number }

export const salesSummary = z.object({
  /** Paid sales' costs net of refunds. */
  cashBalance: z.number(),
  /** The tax and the shipping the paid sales' prices held, as charged (a refund leaves them). */
  taxCollected: z.number(),
  shippingCollected: z.number(),
  totalShops: z.number(),
  soldProducts: z.number(),
  lastShop: z.string().nullable(),
  /** Every sale, whatever its state, and how many are in each headline status. */
  all: z.number(),
  byStatus: z.record(z.enum(ORDER_STATUSES), z.number()),
  topSellers: z.array(z.object({ name: z.string(), 'Porcentaje de venta': z.number() })),
})
export type SalesSummary = z.infer<typeof salesSummary>

/** The shop's default low-stock threshold, for instruments without their own. */
export const stockSettings = z.object({
  lowStockThreshold: numberField('must be a whole number').pipe(
    z.number().int('must be a whole number').min(0).max(1_000_000),
  ),
})
export type StockSettings = z.infer<typeof stockSettings>
