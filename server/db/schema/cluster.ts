import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Values every process sharing the database must agree on, created once by whichever process
// starts first (the generated JWT signing secret when JWT_SECRET is not set).
export const serverSettings = pgTable('server_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** When each periodic job last started anywhere, so it runs once per interval across processes. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
})
