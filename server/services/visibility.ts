import { and, not, type SQL } from 'drizzle-orm'
import { categories, instruments } from '../db/schema/catalog'

// Spec 5: shown to shoppers while neither the instrument nor its category is banned. SQL for the
// queries; the predicates for the mock backend's rows in memory.

export const shownCategory: SQL = not(categories.isBanned)
export const shownInstrument: SQL = not(instruments.isBanned)
export const visibleToShoppers: SQL = and(shownInstrument, shownCategory) as SQL

export const categoryShown = (category: { isBanned: boolean }) => !category.isBanned
export const instrumentShown = (instrument: {
  isBanned: boolean
  category: { isBanned: boolean }
}) => !instrument.isBanned && categoryShown(instrument.category)
