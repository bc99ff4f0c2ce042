import { and, not, type SQL } from 'drizzle-orm'
import { categories, instruments } from '../db/schema/catalog'

// Spec 5: "Instruments shown to shoppers are only those where neither the instrument nor its
// category is banned. Banned categories are also hidden from the filter." Every query and check
// that serves shoppers takes its condition from here; the storefront shows what the server sends.

export const shownInstrument: SQL = not(instruments.isBanned)
export const shownCategory: SQL = not(categories.isBanned)

/** Needs instruments joined to their category. */
export const visibleToShoppers: SQL = and(shownInstrument, shownCategory) as SQL
