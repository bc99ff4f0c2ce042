import { integer, pgTable } from 'drizzle-orm/pg-core'
import { categories } from './catalog'

// The storefront's unfiltered pages (the home page, a category) need the number of instruments a
// shopper may see. Counting them read every visible row on each uncached request, a cost that
// grows with the catalogue; this count is kept by triggers on `instruments` (migration
// 0015) in the same transaction as the write that adds, removes, hides or moves one, whichever
// code path makes it. A banned category hides its row at read time, as it hides its instruments.
// server/catalogue/shelf-counts.test.ts checks it equals a direct count after every kind of write.

/** Per category, its instruments that are not banned themselves. */
export const shelfCounts = pgTable('shelf_counts', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  shown: integer('shown').notNull(),
})
