import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Stored photos no instrument nor order line points to, since when that was first seen: the
 * files are deleted once it has lasted a day (server/photos/unused-photos.ts). A photo used again
 * loses its row.
 */
export const unusedPhotos = pgTable('unused_photos', {
  /** The content hash that names every variant of the photo. */
  hash: text('hash').primaryKey(),
  unusedSince: timestamp('unused_since', { withTimezone: true }).notNull(),
})
