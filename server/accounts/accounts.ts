import { and, asc, eq, lt, sql } from 'drizzle-orm'
import { INVISIBLE } from '../../contract/rules'
import type { OwnAccount, Account as PublicAccount } from '../../contract/users'
import type { Database } from '../db/client'
import { type Account, accounts, endedSessions } from '../db/schema/accounts'
import { greeting } from '../mail'
import { refuse } from '../refusal'
import { hashPassword, type TokenService, verifyPassword } from './auth'

/** What any client may see of an account: never the hash, the Google subject or the version. */
export function publicAccount(row: Account): PublicAccount {
  return {
    id: row.id,
    dni: row.dni,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    contactNumber: row.contactNumber,
    userName: row.userName,
    buyerAddress: row.buyerAddress,
    rol: row.rol,
    adminId: row.adminId,
  }
}

/** The signed-in person's own view of the account (GET /users/token). */
export function ownAccount(row: Account): OwnAccount {
  return {
    ...publicAccount(row),
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
  }
}

export function issueToken(tokens: TokenService, row: Account): Promise<string> {
  return tokens.sign({
    sub: String(row.id),
    userName: row.userName,
    user_rol: row.rol,
    ver: row.tokenVersion,
  })
}

export async function listAccounts(db: Database, kind: Account['kind']): Promise<PublicAccount[]> {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.kind, kind))
    .orderBy(asc(accounts.id))
  return rows.map(publicAccount)
}

export const raisedTokenVersion = sql`${accounts.tokenVersion} + 1`

// Names and addresses are unique regardless of case (the indexes are on lower()).
export async function findByUserName(db: Database, userName: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.userName}) = lower(${userName.trim()})`)
  return row
}

export async function findByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email.trim()})`)
  return row
}

export async function updateAccountOfKind(
  db: Database,
  kind: Account['kind'],
  id: number,
  fields: Partial<Pick<Account, 'firstName' | 'lastName' | 'contactNumber' | 'buyerAddress'>> & {
    rol: Account['rol']
  },
): Promise<{ before: Account; after: Account } | null> {
  const [before] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.kind, kind)))
    .for('update')
  if (!before) return null
  const [after] = await db
    .update(accounts)
    .set({
      ...fields,
      updatedAt: new Date(),
      ...(fields.rol !== before.rol && { tokenVersion: raisedTokenVersion }),
    })
    .where(eq(accounts.id, id))
    .returning()
  return after ? { before, after } : null
}

const TAKEN = {
  userName: 'That userName is already taken',
  email: 'That email already has an account',
} as const

const taken = (field: keyof typeof TAKEN) =>
  ({ kind: 'invalid', error: TAKEN[field], field }) as const

export async function assertAvailable(db: Database, wanted: { userName: string; email: string }) {
  if (await findByUserName(db, wanted.userName)) refuse(taken('userName'))
  if (await findByEmail(db, wanted.email)) refuse(taken('email'))
}

type DriverError = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown }

// Sign-ups racing past assertAvailable meet the unique index: still the same refusal. Drizzle wraps the
// error in `cause`; PGlite names the index `constraint`, postgres-js `constraint_name`.
export function failIfTaken(error: unknown): never {
  for (let e = error as DriverError | undefined; e && typeof e === 'object'; ) {
    const constraint = e.constraint ?? e.constraint_name
    if (e.code === '23505' && constraint === 'accounts_user_name_key') {
      refuse(taken('userName'))
    }
    if (e.code === '23505' && constraint === 'accounts_email_key') {
      refuse(taken('email'))
    }
    e = e.cause as DriverError | undefined
  }
  throw error
}

let unknownAccountHash: Promise<string> | undefined

// Checks a password against the account, hashing even when there is no account so that a
// wrong name and a wrong password take the same time ('Wrong userName or password' for both).
export async function passwordMatches(row: Account | undefined, password: string) {
  if (row?.passwordHash) return verifyPassword(password, row.passwordHash)
  unknownAccountHash ??= hashPassword('no account has this password 0')
  await verifyPassword(password, await unknownAccountHash)
  return false
}

// A userName nobody has yet, from a Google name: the name itself, else the name with digits
// appended. Short names get digits too, since sign-up asks for at least 4 characters.
export async function freeUserName(db: Database, wanted: string): Promise<string> {
  const base = wanted.replace(INVISIBLE, '').replace(/\s+/g, '') || 'user'
  const prefix = `${base.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`
  const rows = await db
    .select({ userName: accounts.userName })
    .from(accounts)
    .where(sql`lower(${accounts.userName}) like ${prefix}`)
  const taken = new Set(rows.map((r) => r.userName.toLowerCase()))
  const fits = (name: string) => name.length >= 4 && !taken.has(name.toLowerCase())
  if (fits(base)) return base
  for (let n = 1; ; n += 1) if (fits(`${base}${n}`)) return `${base}${n}`
}

export function passwordChangedMail(account: { email: string; userName: string }) {
  return {
    to: account.email,
    subject: 'Your Instrument Shop password was changed',
    text: `${greeting(account.userName)}\n\nthe password of your account was just changed. If that was not you, ask for a new reset link right away.`,
  }
}

/** Ended sessions are remembered only until their token would have expired anyway. */
export async function purgeEndedSessions(db: Database, now = new Date()) {
  await db.delete(endedSessions).where(lt(endedSessions.expiresAt, now))
}
