import { and, not, type SQL } from 'drizzle-orm'
import { categories, instruments } from '../db/schema/catalog'

// Spec 5: an instrument is shown to shoppers only while neither it nor its category is banned.
// Queries use the SQL form; the mock backend (src/mocks), which holds its rows in memory, the
// predicates.

export const shownCategory: SQL = not(categories.isBanned)
export const shownInstrument: SQL = not(instruments.isBanned)
export const visibleToShoppers: SQL = and(shownInstrument, shownCategory) as SQL

export const categoryShown = (category: { isBanned: boolean }) => !category.isBanned
export const instrumentShown = (instrument: {
  isBanned: boolean
  category: { isBanned: boolean }
}) => !instrument.isBanned && categoryShown(instrument.category)
