import { Hono } from 'hono'
import { verifyEmailBody } from '../../contract/auth'
import { confirmEmail, queueConfirmationMail } from '../accounts'
import type { AppEnv } from '../context'
import { requireAuth } from '../middleware/auth'
import { limitPerAddress, mailboxKey, takeAttempts } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'

// POST /auth/verify-email and /auth/verify-email/resend (docs/limits.md, "E-mail ownership").
export const emailVerificationRoutes = new Hono<AppEnv>()

/** The mailed link's page posts its token here; no session needed (another browser may open it). */
emailVerificationRoutes.post(
  '/',
  limitPerAddress('reset-address'),
  validate(verifyEmailBody),
  async (c) => {
    await confirmEmail(c.get('deps').db, c.req.valid('json').token)
    return c.json({ ok: 'Your e-mail address is confirmed' })
  },
)

/** A new link to the account's own address, counted like every mail a person can ask for. */
emailVerificationRoutes.post('/resend', limitPerAddress('mail-address'), requireAuth, async (c) => {
  const account = c.get('account')
  if (account.emailVerifiedAt) return c.json({ ok: 'Your e-mail address is already confirmed' })
  await takeAttempts(c, [['account-mail-recipient', mailboxKey(account.email)]])
  const { db, env } = c.get('deps')
  await db.transaction((tx) => queueConfirmationMail(tx, env, account, { welcome: false }))
  return c.json({ ok: 'We have sent you an email' })
})
