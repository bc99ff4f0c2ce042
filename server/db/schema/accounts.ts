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

// Users and admins share one table (one login); `kind` keeps a banned admin an admin
// (docs/product.md §4: admin rol admin<->banned) and a banned user a user.
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    rol: text('rol', { enum: ['user', 'admin', 'banned'] }).notNull(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    dni: text('dni'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    contactNumber: text('contact_number'),
    buyerAddress: text('buyer_address'),
    adminId: integer('admin_id'),
    /** Raised by a password change, ban or deletion: tokens carry it and older ones stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set when the owner of `email` opened its confirmation link or signed in with Google as it. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_user_name_key').on(sql`lower(${t.userName})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    // The back office's search: a substring of the userName (docs/product.md §4).
    // No pending list: PGlite never vacuums, so it would grow and be read on every search.
    index('accounts_admin_user_name_idx')
      .using('gin', sql`lower(${t.userName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The back office's Users sorts (server/back-office/admin-lists.ts) at 100,000 shoppers: without
    // them a page sorted by FullName or Role read and sorted every account.
    index('accounts_admin_full_name_idx').on(
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
      t.id,
    ),
    index('accounts_admin_rol_idx').on(t.rol, t.id),
    check('accounts_rol_fits_kind', sql`${t.kind} = 'admin' OR ${t.rol} <> 'admin'`),
  ],
)

export type Account = typeof accounts.$inferSelect

export const endedSessions = pgTable('ended_sessions', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
