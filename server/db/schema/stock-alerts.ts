import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts'
import { instruments } from './catalog'

// "Notify me when it's back" (server/stock/stock-alerts.ts): a signed-in shopper's alert, or a
// guest's e-mail once confirmed from the mailed link (within 7 days, or it is deleted). It stays
// until unsubscribed and mails once; asking again re-arms it.
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    /** A shopper's own alert: the mail goes to the account's address of the day. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** A guest's address; mailed only once confirmed. */
    email: text('email'),
    /** Only a hash of the guest's confirmation token, as for reset links; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // Kept as it is, not hashed: every restock mail carries it again, and all it can do is end
    // this alert.
    unsubscribeToken: text('unsubscribe_token').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_alerts_one_subscriber', sql`(${t.accountId} IS NULL) <> (${t.email} IS NULL)`),
    uniqueIndex('stock_alerts_account_key')
      .on(t.instrumentId, t.accountId)
      .where(sql`${t.accountId} IS NOT NULL`),
    uniqueIndex('stock_alerts_email_key')
      .on(t.instrumentId, sql`lower(${t.email})`)
      .where(sql`${t.email} IS NOT NULL`),
    uniqueIndex('stock_alerts_unsubscribe_key').on(t.unsubscribeToken),
    uniqueIndex('stock_alerts_confirm_key').on(t.confirmTokenHash),
    index('stock_alerts_account_idx').on(t.accountId),
  ],
)
