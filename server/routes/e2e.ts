import { desc, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { z } from 'zod'
import { emailField } from '../../contract/rules'
import { sha256 } from '../accounts'
import type { AppEnv } from '../context'
import { mailOutbox } from '../db/schema/mail'
import { fail } from '../http-error'
import { validate } from '../middleware/validate'
import { describeOperation } from '../openapi/describe-operation'

// Helpers for the Playwright suite only (mounted at /test when E2E=1); with no network in e2e
// it also serves the Google key set that GOOGLE_JWKS_URL points at.
export const e2eRoutes = new Hono<AppEnv>()

const outboxQuery = z.object({
  to: z.string().trim().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(5),
})

const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Null until the worker has handed it to SMTP (always null without SMTP_URL). */
  sentAt: z.string().nullable(),
})

const aboutOutbox = describeOperation({
  summary: 'E2E=1 only: the newest mails first (to: one address, any case)',
  responses: { 200: z.array(outboxMail) },
})

e2eRoutes.get('/outbox', aboutOutbox, validate(outboxQuery, 'query'), async (c) => {
  const { db } = c.get('deps')
  const { to, limit } = c.req.valid('query')
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.to}) = lower(${to})` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit)
  return c.json(rows)
})

const KEY_ID = 'e2e-google'
let googleKeys: ReturnType<typeof makeGoogleKeys> | undefined

async function makeGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }
  return { privateKey, jwk }
}

const keys = () => {
  googleKeys ??= makeGoogleKeys()
  return googleKeys
}

const aboutGoogleKeys = describeOperation({
  summary: "E2E=1 only: the Google stand-in's public key set",
  responses: { 200: z.object({ keys: z.array(z.object({}).loose()) }) },
})

e2eRoutes.get('/google-jwks', aboutGoogleKeys, async (c) => c.json({ keys: [(await keys()).jwk] }))

const credentialBody = z.object({
  email: emailField(),
  given_name: z.string().trim().optional(),
  aud: z.string().trim().optional(),
})

const aboutGoogleCredential = describeOperation({
  summary: 'E2E=1 only: a Google-like ID token for an address, signed by the stand-in',
  responses: { 200: z.object({ credential: z.string() }) },
})

e2eRoutes.post('/google-credential', aboutGoogleCredential, validate(credentialBody), async (c) => {
  const { email, given_name, aud } = c.req.valid('json')
  const audience = aud || c.get('deps').env.GOOGLE_CLIENT_ID
  if (!audience) fail(400, 'aud: Required when GOOGLE_CLIENT_ID is not set', 'aud')
  const credential = await new SignJWT({
    email,
    email_verified: true,
    ...(given_name && { given_name, name: given_name }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(audience)
    .setSubject(`e2e-${sha256(email.toLowerCase()).slice(0, 21)}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign((await keys()).privateKey)
  return c.json({ credential })
})
