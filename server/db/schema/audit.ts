import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

// The back office's audit trail (server/audit/): one row per admin write, kept for good. No
// foreign key to accounts: deleting an admin must neither rewrite nor lose what they did, so the
// row keeps the admin's id and name as they were. Migration 0012 also refuses UPDATE and DELETE on
// the table, so no code path (a route or a slip) can edit the record.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminId: integer('admin_id'),
    adminName: text('admin_name').notNull(),
    /** What was done, e.g. `instrument.update` (contract/audit.ts lists the kinds). */
    kind: text('kind').notNull(),
    /** The row written: its table's name in the shop's words and its id (null for a bulk import). */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The fields that changed, as they were and as they became; null where nothing was before or after. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_admin_at_idx').on(t.adminId, t.at),
    index('audit_events_kind_at_idx').on(t.kind, t.at),
  ],
)
