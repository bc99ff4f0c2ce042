import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { idField } from '../../contract/rules'
import {
  ALERT_MESSAGES,
  alertTokenBody,
  stockAlertBody,
  stockAlertState,
} from '../../contract/stock-alerts'
import { randomToken, sha256 } from '../accounts'
import { visibleToShoppers } from '../catalogue'
import type { AppEnv } from '../context'
import { isUniqueViolation } from '../db/errors'
import { categories, instruments } from '../db/schema/catalog'
import { stockAlerts } from '../db/schema/stock-alerts'
import { fail } from '../http-error'
import { greeting, queueMail } from '../mail'
import { optionalAccount, requireAuth } from '../middleware/auth'
import { clientKey, mailboxKey, takeAttempts } from '../middleware/rate-limit'
import { parseQuery, validate } from '../middleware/validate'
import {
  badId,
  describeOperation,
  notFound,
  ok,
  okWith,
  tooMany,
} from '../openapi/describe-operation'
import { shopOrigin } from '../shop-origin'
import { ALERT_CONFIRM_MS, alertLink } from '../stock'

/** Under /instruments: a shopper's alert on one instrument. */
export const instrumentAlertRoutes = new Hono<AppEnv>()
/** Under /alerts: the mailed links, which work without signing in. */
export const alertLinkRoutes = new Hono<AppEnv>()

function instrumentIdOf(c: Context<AppEnv>): number {
  const parsed = idField.safeParse(c.req.param('id'))
  if (!parsed.success) fail(400, 'id: must be a positive whole number', 'id')
  return parsed.data
}

async function shownInstrument(c: Context<AppEnv>, id: number) {
  const [found] = await c
    .get('deps')
    .db.select({ id: instruments.id, name: instruments.name, stock: instruments.stock })
    .from(instruments)
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    .where(and(eq(instruments.id, id), visibleToShoppers))
  if (!found) fail(404, 'Instrument not found')
  return found
}

const aboutAlertState = describeOperation({
  summary: 'Whether the signed-in shopper will hear when this instrument is back in stock',
  auth: 'user',
  responses: { 200: stockAlertState, 400: badId },
})

instrumentAlertRoutes.get('/:id/alerts', aboutAlertState, requireAuth, async (c) => {
  const id = instrumentIdOf(c)
  const [alert] = await c
    .get('deps')
    .db.select({ notifiedAt: stockAlerts.notifiedAt })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.instrumentId, id), eq(stockAlerts.accountId, c.get('account').id)))
  return c.json({ subscribed: Boolean(alert && !alert.notifiedAt) })
})

const aboutAlertSubscribe = describeOperation({
  summary:
    "Notify me when it's back: signed in (bearer, no body) in one tap; a guest sends email and confirms from the mailed link",
  auth: 'optional',
  responses: {
    200: okWith({ subscribed: z.boolean().optional() }),
    400: 'email: Required (a guest) or Invalid email address',
    401: 'The bearer token no longer works',
    ...notFound('Instrument'),
    409: 'This instrument is in stock',
    ...tooMany,
  },
})

// Signed in with a verified address: one tap, no mail. A guest, or an account whose address was
// never verified: that address, throttled as every mail anyone can ask for, and mailed nothing
// but the confirmation until its link is opened. The answer is the same whether or not the
// address already had an alert. An alert mails once; asking again re-arms it.
instrumentAlertRoutes.post('/:id/alerts', aboutAlertSubscribe, async (c) => {
  const id = instrumentIdOf(c)
  // A token that no longer works is a 401, not a guest's request without an e-mail.
  const account = c.req.header('Authorization') ? await signedIn(c) : null
  const instrument = await shownInstrument(c, id)
  if (instrument.stock > 0) fail(409, ALERT_MESSAGES.inStock)
  const { db, env } = c.get('deps')
  if (account?.emailVerifiedAt) {
    await db
      .insert(stockAlerts)
      .values({
        instrumentId: id,
        accountId: account.id,
        confirmedAt: new Date(),
        unsubscribeToken: randomToken(),
      })
      .onConflictDoUpdate({
        target: [stockAlerts.instrumentId, stockAlerts.accountId],
        targetWhere: isNotNull(stockAlerts.accountId),
        set: { notifiedAt: null },
      })
    return c.json({ ok: ALERT_MESSAGES.subscribed, subscribed: true })
  }
  const email = account ? account.email : parseQuery(stockAlertBody, await optionalBody(c)).email
  if (!email) fail(400, 'email: Required', 'email')
  await takeAttempts(c, [
    ['mail-address', clientKey(c)],
    ['mail-recipient', mailboxKey(email)],
  ])
  const token = randomToken()
  const link = alertLink(shopOrigin(env), 'confirm', token)
  try {
    await db.transaction(async (tx) => {
      const [known] = await tx
        .select()
        .from(stockAlerts)
        .where(
          and(eq(stockAlerts.instrumentId, id), sql`lower(${stockAlerts.email}) = lower(${email})`),
        )
        .for('update')
      if (known?.confirmedAt) {
        await tx.update(stockAlerts).set({ notifiedAt: null }).where(eq(stockAlerts.id, known.id))
        return
      }
      if (known) {
        await tx
          .update(stockAlerts)
          // Unconfirmed, so its time counts from this latest link (ALERT_CONFIRM_MS).
          .set({ confirmTokenHash: sha256(token), createdAt: new Date() })
          .where(eq(stockAlerts.id, known.id))
      } else {
        await tx.insert(stockAlerts).values({
          instrumentId: id,
          email,
          confirmTokenHash: sha256(token),
          unsubscribeToken: randomToken(),
        })
      }
      await queueMail(tx, {
        to: email,
        subject: `Confirm your alert for ${instrument.name}`,
        text: [
          greeting(null),
          '',
          `open this link to hear by e-mail when ${instrument.name} is back in stock at the Instrument Shop:`,
          link,
          '',
          'If you did not ask for it, ignore this mail: nothing more will be sent.',
        ].join('\n'),
      })
    })
  } catch (error) {
    // The same address asked twice at once: the other request mails the confirmation.
    if (!isUniqueViolation(error)) throw error
  }
  return c.json({ ok: ALERT_MESSAGES.confirmSent })
})

const aboutAlertStop = describeOperation({
  summary: "Stop the signed-in shopper's back-in-stock alert for this instrument",
  auth: 'user',
  responses: { 200: okWith({ subscribed: z.boolean() }), 400: badId },
})

instrumentAlertRoutes.delete('/:id/alerts', aboutAlertStop, requireAuth, async (c) => {
  const id = instrumentIdOf(c)
  await c
    .get('deps')
    .db.delete(stockAlerts)
    .where(and(eq(stockAlerts.instrumentId, id), eq(stockAlerts.accountId, c.get('account').id)))
  return c.json({ ok: ALERT_MESSAGES.stopped, subscribed: false })
})

/** The one-tap request of a signed-in shopper has no body; a guest's is `{ email }`. */
async function optionalBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text()
  if (!text) return {}
  try {
    return JSON.parse(text)
  } catch {
    fail(400, 'body: expected a JSON object', 'body')
  }
}

async function signedIn(c: Context<AppEnv>) {
  const account = await optionalAccount(c)
  if (!account) fail(401, 'Your session has expired, log in again')
  return account
}

const nameOf = async (c: Context<AppEnv>, id: number) => {
  const [row] = await c
    .get('deps')
    .db.select({ name: instruments.name })
    .from(instruments)
    .where(eq(instruments.id, id))
  return row?.name ?? 'this instrument'
}

const aboutAlertConfirm = describeOperation({
  summary: "Confirm a guest's back-in-stock alert with the token of the mailed link",
  responses: { 200: ok, 400: 'token: the link is invalid, expired or already used' },
})

alertLinkRoutes.post('/confirm', aboutAlertConfirm, validate(alertTokenBody), async (c) => {
  const { token } = c.req.valid('json')
  const [alert] = await c
    .get('deps')
    .db.update(stockAlerts)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(
      and(
        eq(stockAlerts.confirmTokenHash, sha256(token)),
        gt(stockAlerts.createdAt, new Date(Date.now() - ALERT_CONFIRM_MS)),
      ),
    )
    .returning({ instrumentId: stockAlerts.instrumentId })
  if (!alert) fail(400, 'token: the link is invalid, expired or already used', 'token')
  const name = await nameOf(c, alert.instrumentId)
  return c.json({ ok: `We will e-mail you when ${name} is back in stock` })
})

const aboutAlertUnsubscribe = describeOperation({
  summary: 'End a back-in-stock alert with the token of the link in its mail; no sign-in',
  responses: { 200: ok, 404: 'This alert was already stopped' },
})

alertLinkRoutes.post('/unsubscribe', aboutAlertUnsubscribe, validate(alertTokenBody), async (c) => {
  const { token } = c.req.valid('json')
  const [alert] = await c
    .get('deps')
    .db.delete(stockAlerts)
    .where(eq(stockAlerts.unsubscribeToken, token))
    .returning({ instrumentId: stockAlerts.instrumentId })
  if (!alert) fail(404, 'This alert was already stopped')
  const name = await nameOf(c, alert.instrumentId)
  return c.json({ ok: `You will get no more mails about ${name}` })
})
