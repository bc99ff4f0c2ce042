import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import {
  emailOnlyBody,
  newsletterBody,
  purchaseMailBody,
  resetMailBody,
  signMailBody,
} from '../../contract/mail'
import { isPaid } from '../../contract/sales'
import { findByEmail, randomToken, sha256 } from '../accounts'
import type { AppEnv } from '../context'
import { newsletterSubscribers, passwordResetTokens } from '../db/schema/mail'
import { sales } from '../db/schema/sales'
import { fail } from '../http-error'
import { greeting, queueMail } from '../mail'
import { requireAuth } from '../middleware/auth'
import { limitPerAddress, mailboxKey, takeAttempts } from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { describeOperation, notFound, ok, tooMany } from '../openapi/describe-operation'

export const mailRoutes = new Hono<AppEnv>()

const SENT = 'We have sent you an email'
const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000

const aboutSignMail = describeOperation({
  summary: 'Kept for the spec: mails nobody (the sign-up itself writes the welcome mail)',
  responses: { 200: ok, ...tooMany },
})

// Kept for the spec's sign-up flow, which calls it before POST /auth/register; the welcome mail
// is written by the sign-up itself, so this mails nobody (it would let anyone mail any address).
mailRoutes.post(
  '/sign',
  aboutSignMail,
  limitPerAddress('mail-address'),
  validate(signMailBody),
  (c) => c.json({ ok: SENT }),
)

const aboutProfileMail = describeOperation({
  summary: 'The "profile updated" mail to the signed-in person',
  auth: 'user',
  responses: { 200: ok, ...tooMany },
})

/** Goes to the account's own address, whatever e-mail the body names. */
mailRoutes.post('/profile', aboutProfileMail, requireAuth, async (c) => {
  const account = c.get('account')
  await takeAttempts(c, [['account-mail-recipient', mailboxKey(account.email)]])
  await queueMail(c.get('deps').db, {
    to: account.email,
    subject: 'Your profile was updated',
    text: `${greeting(account.userName)}\n\nyour profile information at the Instrument Shop was updated.`,
  })
  return c.json({ ok: SENT })
})

const aboutNewsletter = describeOperation({
  summary: 'Subscribe an address to the newsletter',
  responses: { 200: ok, ...tooMany },
})

/** Only a new subscriber gets the welcome mail; a repeat answers the same without mailing. */
mailRoutes.post(
  '/news',
  aboutNewsletter,
  limitPerAddress('mail-address'),
  validate(newsletterBody),
  async (c) => {
    const { email } = c.req.valid('json')
    await takeAttempts(c, [['mail-recipient', mailboxKey(email)]])
    await c.get('deps').db.transaction(async (tx) => {
      const added = await tx
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing()
        .returning()
      if (added.length === 0) return
      await queueMail(tx, {
        to: email,
        subject: 'Welcome to the Instrument Shop newsletter',
        text: 'Thank you for subscribing: news about instruments and offers will come to this address.',
      })
    })
    return c.json({ ok: 'Thank you for subscribing to our newsletter' })
  },
)

// "The reset-mail answer is the same whether or not the address has an account", and so is the
// count against the address. Only a hash of the one-time token is stored; the token is in the link.
async function sendResetLink(
  c: Context<AppEnv>,
  opts: { email: string; variant: 'user' | 'profile' | 'admin' },
) {
  await takeAttempts(c, [['account-mail-recipient', mailboxKey(opts.email)]])
  const { db, env } = c.get('deps')
  const account = await findByEmail(db, opts.email)
  if (!account) return c.json({ ok: SENT })
  const token = randomToken()
  // Never the request's Host header: a forged one would mail shoppers a link to someone else's
  // site. Without PUBLIC_URL the shop runs locally.
  const origin = env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${env.PORT}`
  const page = account.kind === 'admin' || opts.variant === 'admin' ? 'admin' : 'user'
  const from = opts.variant === 'profile' ? '&from=profile' : ''
  const link = `${origin}/${page}/resetpassword?token=${encodeURIComponent(token)}${from}`
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      accountId: account.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
    })
    await queueMail(tx, {
      to: account.email,
      subject: 'Reset your Instrument Shop password',
      text: `${greeting(account.userName)}\n\nopen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this mail: your password stays the same.`,
    })
  })
  return c.json({ ok: SENT })
}

const aboutResetMail = describeOperation({
  summary:
    'Mail a one-time password-reset link (the same answer whether or not the address has an account)',
  responses: { 200: ok, ...tooMany },
})

mailRoutes.post(
  '/resetpassword',
  aboutResetMail,
  limitPerAddress('mail-address'),
  validate(resetMailBody),
  (c) => sendResetLink(c, c.req.valid('json')),
)

const aboutAdminResetMail = describeOperation({
  summary: "Mail a reset link that opens the back office's reset page",
  responses: { 200: ok, ...tooMany },
})

mailRoutes.post(
  '/resetpasswordadmin',
  aboutAdminResetMail,
  limitPerAddress('mail-address'),
  validate(emailOnlyBody),
  (c) => sendResetLink(c, { email: c.req.valid('json').email, variant: 'admin' }),
)

const aboutPasswordChangedMail = describeOperation({
  summary:
    'Kept for the spec: mails nobody (the server mails that notice after a real password change)',
  responses: { 200: ok, ...tooMany },
})

// Kept for the spec's client; mails nobody: POST /users/resetpass mails a real change itself.
mailRoutes.post(
  '/passwordreseted',
  aboutPasswordChangedMail,
  limitPerAddress('mail-address'),
  validate(emailOnlyBody),
  (c) => c.json({ ok: SENT }),
)

const aboutPurchaseMail = describeOperation({
  summary: "Mail the order summary of one of the caller's own sales to its cus_email",
  auth: 'user',
  responses: { 200: ok, ...notFound('Sale'), ...tooMany },
})

// Kept for the spec's checkout, which calls it after a payment: the order mail was already written
// by the settlement that marked the sale paid (payments/order-mail.ts), so this mails nobody.
mailRoutes.post(
  '/purchase',
  aboutPurchaseMail,
  limitPerAddress('mail-address'),
  requireAuth,
  validate(purchaseMailBody),
  async (c) => {
    const { db } = c.get('deps')
    const { saleId } = c.req.valid('json')
    const [sale] = await db
      .select({ status: sales.status })
      .from(sales)
      .where(and(eq(sales.id, saleId), eq(sales.userId, c.get('account').id)))
    if (!sale) fail(404, 'Sale not found')
    if (!isPaid(sale)) fail(409, 'This order is not paid')
    return c.json({ ok: 'We have sent you an email with your order details.' })
  },
)
