import { and, not, type SQL } from 'drizzle-orm'
import { categories, instruments } from '../db/schema/catalog'

// docs/product.md §5: shown to shoppers while neither the instrument nor its category is banned, as SQL for
// the queries (contract/visibility.ts holds the rule for rows in memory, for the mock backend).

export const shownCategory: SQL = not(categories.isBanned)
export const shownInstrument: SQL = not(instruments.isBanned)
export const visibleToShoppers: SQL = and(shownInstrument, shownCategory) as SQL
