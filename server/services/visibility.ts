import { and, not, type SQL } from 'drizzle-orm'
import { categories, instruments } from '../db/schema/catalog'

// Spec 5: "Instruments shown to shoppers are only those where neither the instrument nor its
// category is banned.

export const shownInstrument: SQL = not(instruments.isBanned)
export const shownCategory: SQL = not(categories.isBanned)

export const visibleToShoppers: SQL = and(shownInstrument, shownCategory) as SQL
