import { Hono } from 'hono'
import { verifyEmailBody } from '../../contract/auth'
import { confirmEmail, queueConfirmationMail } from '../accounts'
import type { AppEnv } from '../context'
import { requireAuth } from '../middleware/auth'
import { limitPerAddress, mailboxKey, takeAttempts } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { describeOperation, ok, tooMany } from '../openapi/describe-operation'

// POST /auth/verify-email and /auth/verify-email/resend (docs/limits.md, "E-mail ownership").
export const emailVerificationRoutes = new Hono<AppEnv>()

const aboutVerifyEmail = describeOperation({
  summary: "Confirm the account's e-mail address with the token of the mailed link",
  responses: { 200: ok, 400: 'token: the link is invalid, used or expired', ...tooMany },
})

/** The mailed link's page posts its token here; no session needed (another browser may open it). */
emailVerificationRoutes.post(
  '/',
  aboutVerifyEmail,
  limitPerAddress('reset-address'),
  validate(verifyEmailBody),
  async (c) => {
    await confirmEmail(c.get('deps').db, c.req.valid('json').token)
    return c.json({ ok: 'Your e-mail address is confirmed' })
  },
)

const aboutResendVerification = describeOperation({
  summary: "Mail a new confirmation link to the signed-in account's own address",
  auth: 'user',
  responses: { 200: ok, ...tooMany },
})

/** A new link to the account's own address, counted like every mail a person can ask for. */
emailVerificationRoutes.post(
  '/resend',
  aboutResendVerification,
  limitPerAddress('mail-address'),
  requireAuth,
  async (c) => {
    const account = c.get('account')
    if (account.emailVerifiedAt) return c.json({ ok: 'Your e-mail address is already confirmed' })
    await takeAttempts(c, [['account-mail-recipient', mailboxKey(account.email)]])
    const { db, env } = c.get('deps')
    await db.transaction((tx) => queueConfirmationMail(tx, env, account, { welcome: false }))
    return c.json({ ok: 'We have sent you an email' })
  },
)
