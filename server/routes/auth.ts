import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { googleLoginBody, loginBody, signUpBody } from '../../contract/auth'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { fail } from '../http-error'
import { endSession } from '../middleware/auth'
import {
  clientKey,
  limitPerAddress,
  refuseWhileThrottled,
  takeAttempts,
} from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import {
  assertAvailable,
  failIfTaken,
  findByEmail,
  findByUserName,
  freeUserName,
  issueToken,
  passwordMatches,
} from '../services/accounts'
import { hashPassword } from '../services/auth'
import type { GoogleIdentity } from '../services/google'
import { greeting, queueMail } from '../services/mail'

export const authRoutes = new Hono<AppEnv>()

// A banned token (user_rol 'banned') lets the SPA show 'You were banned!'; requireAuth refuses it.
// Failures count per address and per name before the password check; an account's under its
// stored name, so each spelling lower() matches ('LUCİA.M') shares one counter.
authRoutes.post('/login', validate(loginBody), async (c) => {
  const { userName, password } = c.req.valid('json')
  const { db, tokens, throttle } = c.get('deps')
  const address = clientKey(c)
  await refuseWhileThrottled(c, [['login-address', address]])
  const account = await findByUserName(db, userName)
  const counted = account?.userName ?? userName
  await takeAttempts(c, [['login-account', counted]])
  if (!(await passwordMatches(account, password)) || !account) {
    await throttle.hit('login-address', address)
    fail(401, 'Wrong userName or password')
  }
  await throttle.clear('login-account', counted)
  const token = await issueToken(tokens, account)
  return c.json({ ok: 'Logged in successfully', token, userName: account.userName })
})

authRoutes.post('/logout', async (c) => {
  if (!(await endSession(c))) fail(401, 'You need to log in')
  return c.json({ ok: 'Logged out' })
})

/** docs/architecture.md: the name and e-mail come from the verified Google ID token, not the body. */
authRoutes.post(
  '/login/google',
  limitPerAddress('login-address'),
  validate(googleLoginBody),
  async (c) => {
    const { db, google, tokens } = c.get('deps')
    if (!google.configured) fail(503, 'Google sign-in is not configured')
    const identity = await google
      .verify(c.req.valid('json').credential)
      .catch(() => fail(401, 'Google could not confirm this sign-in'))
    const account = await db.transaction((tx) => googleAccount(tx, identity)).catch(failIfTaken)
    const token = await issueToken(tokens, account)
    return c.json({
      ok: 'Logged in successfully',
      token,
      userName: account.userName,
      email: account.email,
    })
  },
)

// By Google subject, else by e-mail (linked, never an admin's), else a new user.
async function googleAccount(db: Database, identity: GoogleIdentity) {
  const [bySub] = await db.select().from(accounts).where(eq(accounts.googleSub, identity.sub))
  if (bySub) return bySub
  const byEmail = await findByEmail(db, identity.email)
  if (byEmail) {
    // Another Google identity already owns this account; a new one may not take it over.
    if (byEmail.googleSub) fail(409, 'This email is linked to another Google account')
    // A back-office account is never handed to whoever controls the Google identity.
    if (byEmail.kind === 'admin') {
      fail(409, 'This email belongs to an administrator: sign in with the userName and password')
    }
    const [linked] = await db
      .update(accounts)
      .set({ googleSub: identity.sub, updatedAt: new Date() })
      .where(eq(accounts.id, byEmail.id))
      .returning()
    return linked ?? byEmail
  }
  const [created] = await db
    .insert(accounts)
    .values({
      kind: 'user',
      rol: 'user',
      userName: await freeUserName(db, identity.userName),
      email: identity.email,
      googleSub: identity.sub,
    })
    .returning()
  if (!created) throw new Error('Google account not created')
  return created
}

// Sign-up always makes a 'user', whatever the body claims. A taken name or address is refused
// before the slow hash so sign-ups cannot tie up the CPU; racing ones meet the unique indexes.
authRoutes.post(
  '/register',
  limitPerAddress('register-address'),
  validate(signUpBody),
  async (c) => {
    const { userName, email, password } = c.req.valid('json')
    const { db } = c.get('deps')
    await assertAvailable(db, { userName, email })
    await takeAttempts(c, [['mail-recipient', email]])
    const passwordHash = await hashPassword(password)
    await db
      .transaction(async (tx) => {
        await tx
          .insert(accounts)
          .values({ kind: 'user', rol: 'user', userName, email, passwordHash })
        await queueMail(tx, welcomeMail(email, userName))
      })
      .catch(failIfTaken)
    return c.json({ ok: 'User created successfully' })
  },
)

/** The sign-up confirmation: fixed words, to an address nobody has proved yet. */
function welcomeMail(to: string, userName: string) {
  return {
    to,
    subject: 'Welcome to the Instrument Shop',
    text: `${greeting(userName)}\n\nthank you for signing up at the Instrument Shop.`,
  }
}
