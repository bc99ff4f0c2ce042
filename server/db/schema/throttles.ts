import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Counters of the throttles (server/middleware/throttle.ts), kept in the database so that they hold
// across restarts and count the same in every process sharing it.
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  blocks: integer('blocks').notNull().default(0),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})
