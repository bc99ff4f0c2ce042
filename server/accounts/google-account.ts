import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { refuse } from '../refusal'
import { findByEmail, freeUserName, raisedTokenVersion } from './accounts'
import type { GoogleIdentity } from './google'

// The account a verified Google identity signs in to: by Google subject, else by e-mail (linked,
// never an admin's), else a new user. `identity.email` is one Google has verified (google.ts).
export async function googleAccount(db: Database, identity: GoogleIdentity, now = new Date()) {
  const [bySub] = await db.select().from(accounts).where(eq(accounts.googleSub, identity.sub))
  if (bySub) return bySub
  const byEmail = await findByEmail(db, identity.email)
  if (!byEmail) {
    const [created] = await db
      .insert(accounts)
      .values({
        kind: 'user',
        rol: 'user',
        userName: await freeUserName(db, identity.userName),
        email: identity.email,
        googleSub: identity.sub,
        emailVerifiedAt: now,
      })
      .returning()
    if (!created) throw new Error('Google account not created')
    return created
  }
  // Another Google identity already owns this account; a new one may not take it over.
  if (byEmail.googleSub)
    refuse({ kind: 'conflict', error: 'This email is linked to another Google account' })
  // A back-office account is never handed to whoever controls the Google identity.
  if (byEmail.kind === 'admin') {
    refuse({
      kind: 'conflict',
      error: 'This email belongs to an administrator: sign in with the userName and password',
    })
  }
  // Nobody proved the address at sign-up, so whoever chose the password may not be its owner
  // (an attacker may have signed up as victim@gmail.com first). The owner gets the account
  // without that password or any earlier token; a password comes back through the reset mail.
  const handOver = byEmail.emailVerifiedAt === null
  const [linked] = await db
    .update(accounts)
    .set({
      googleSub: identity.sub,
      updatedAt: now,
      ...(handOver && {
        passwordHash: null,
        tokenVersion: raisedTokenVersion,
        emailVerifiedAt: now,
      }),
    })
    .where(eq(accounts.id, byEmail.id))
    .returning()
  if (!linked) throw new Error('Google account not linked')
  return linked
}
