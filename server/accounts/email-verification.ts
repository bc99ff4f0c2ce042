import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { VERIFY_LINK_INVALID } from '../../contract/auth'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { emailVerificationTokens } from '../db/schema/mail'
import type { Env } from '../env'
import { greeting, queueMail } from '../mail'
import { refuse } from '../refusal'
import { shopOrigin } from '../shop-origin'
import { randomToken, sha256 } from './auth'

// Sign-up proves nothing about the address: the confirmation link does (docs/limits.md). Until
// then the account keeps every flow of the spec, but a Google sign-in as that address hands it
// to the address's owner (routes/google-account.ts).
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000

interface Recipient {
  id: number
  email: string
  userName: string
}

/** Stores the hash of a new one-time token and queues its link, in the caller's transaction. */
export async function queueConfirmationMail(
  tx: Database,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  account: Recipient,
  opts: { welcome: boolean; now?: Date },
) {
  const token = randomToken()
  const now = opts.now ?? new Date()
  await tx.insert(emailVerificationTokens).values({
    accountId: account.id,
    email: account.email,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
  })
  // Never the request's Host header: a forged one would mail a link to someone else's site.
  const link = `${shopOrigin(env)}/user/verify-email?token=${encodeURIComponent(token)}`
  const opening = opts.welcome
    ? 'thank you for signing up at the Instrument Shop.'
    : 'you asked for a new link to confirm your e-mail address.'
  await queueMail(tx, {
    to: account.email,
    subject: opts.welcome ? 'Welcome to the Instrument Shop' : 'Confirm your e-mail address',
    text: `${greeting(account.userName)}\n\n${opening}\n\nOpen this link within 24 hours to confirm that this address is yours:\n${link}\n\nIf you did not sign up, ignore this mail.`,
  })
}

/**
 * Marks the address of the token's account verified and uses the token up. A token proves only
 * the address it was mailed to: after the address changed it is refused like a used one.
 */
const LINK_INVALID = { kind: 'invalid', error: VERIFY_LINK_INVALID, field: 'token' } as const

export async function confirmEmail(db: Database, token: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, sha256(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning()
    if (!claimed) return refuse(LINK_INVALID)
    const verified = await tx
      .update(accounts)
      .set({
        emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(accounts.id, claimed.accountId),
          sql`lower(${accounts.email}) = lower(${claimed.email})`,
        ),
      )
      .returning({ id: accounts.id })
    if (verified.length === 0) refuse(LINK_INVALID)
  })
}
