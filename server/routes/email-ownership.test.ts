import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts } from '../db/schema/accounts'
import { emailVerificationTokens } from '../db/schema/mail'
import { cookiesOf, googleStandIn } from '../test/google-kit'
import { createTestApi } from '../test/harness'

type TestApi = Awaited<ReturnType<typeof createTestApi>>

// "Taking an account before its owner arrives", and the confirmation link.
describe('e-mail ownership', () => {
  let t: TestApi
  let credential: Awaited<ReturnType<typeof googleStandIn>>['credential']
  beforeAll(async () => {
    const standIn = await googleStandIn()
    credential = standIn.credential
    t = await createTestApi({ google: standIn.google })
  })
  afterAll(() => t.close())

  const signUp = (userName: string, email: string, password = 'attacker123') =>
    t.request('POST', '/auth/register', {
      body: { userName, email, password, confirmpassword: password },
    })
  const login = (userName: string, password: string) =>
    t.request('POST', '/auth/login', { body: { userName, password } })
  /** The token of the newest confirmation link mailed to `email`. */
  const mailedToken = async (email: string) => {
    const mail = (await t.outbox()).filter((m) => m.to === email).at(-1)
    const link = mail?.text.match(/https?:\/\/\S+\/user\/verify-email\?token=(\S+)/)
    expect(link, `a confirmation link to ${email}`).toBeTruthy()
    return decodeURIComponent(link?.[1] ?? '')
  }
  const accountNamed = async (userName: string) =>
    (await t.db.select().from(accounts).where(eq(accounts.userName, userName)))[0]

  it('hands an unproved account to the Google owner of its address: the squatter is out', async () => {
    expect((await signUp('squatter', 'victim@gmail.com')).status).toBe(200)
    const before = await login('squatter', 'attacker123')
    expect(before.status).toBe(200)
    expect(before.body.emailVerified).toBe(false)

    const owner = await t.request('POST', '/auth/login/google', {
      body: { credential: await credential({ sub: 'google-victim', email: 'victim@gmail.com' }) },
    })
    expect(owner.status).toBe(200)
    expect(owner.body).toMatchObject({ email: 'victim@gmail.com', emailVerified: true })
    expect(cookiesOf(owner.headers)).toMatch(/^shop_device_\d+=/)

    // The attacker's password no longer logs in and the attacker's token is dead.
    expect((await login('squatter', 'attacker123')).status).toBe(401)
    expect((await t.request('GET', '/users/token', { token: before.body.token })).status).toBe(401)
    const me = await t.request('GET', '/users/token', { token: owner.body.token })
    expect(me.body).toMatchObject({
      email: 'victim@gmail.com',
      emailVerified: true,
      hasPassword: false,
    })
    const row = await accountNamed('squatter')
    expect(row).toMatchObject({ googleSub: 'google-victim', passwordHash: null })
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('links a verified account as before, keeping its password and tokens', async () => {
    expect((await signUp('realowner', 'real@example.com', 'owner12345')).status).toBe(200)
    const confirmed = await t.request('POST', '/auth/verify-email', {
      body: { token: await mailedToken('real@example.com') },
    })
    expect(confirmed).toMatchObject({ status: 200, body: { ok: expect.any(String) } })
    const session = await login('realowner', 'owner12345')
    expect(session.body.emailVerified).toBe(true)

    const google = await t.request('POST', '/auth/login/google', {
      body: { credential: await credential({ sub: 'google-real', email: 'real@example.com' }) },
    })
    expect(google.status).toBe(200)
    expect((await login('realowner', 'owner12345')).status).toBe(200)
    expect((await t.request('GET', '/users/token', { token: session.body.token })).status).toBe(200)
    expect((await accountNamed('realowner'))?.googleSub).toBe('google-real')
  })

  it('mails the link on PUBLIC_URL with the sign-up; the link works once', async () => {
    expect((await signUp('onceonly', 'once@example.com')).status).toBe(200)
    const mails = (await t.outbox()).filter((m) => m.to === 'once@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Welcome to the Instrument Shop')
    expect(mails[0]?.text).toContain('http://localhost:3000/user/verify-email?token=')
    const token = await mailedToken('once@example.com')
    // Only the hash is kept.
    const stored = await t.db.select().from(emailVerificationTokens)
    expect(JSON.stringify(stored)).not.toContain(token)

    const first = await t.request('POST', '/auth/verify-email', { body: { token } })
    expect(first.status).toBe(200)
    const again = await t.request('POST', '/auth/verify-email', { body: { token } })
    expect(again.status).toBe(400)
    expect(again.body.field).toBe('token')
    expect((await accountNamed('onceonly'))?.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('refuses an expired link, a made-up one and an empty one with a 400 naming token', async () => {
    expect((await signUp('latecomer', 'late@example.com')).status).toBe(200)
    const token = await mailedToken('late@example.com')
    const account = await accountNamed('latecomer')
    await t.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.accountId, account?.id ?? 0))
    for (const bad of [token, 'made-up-token', '']) {
      const res = await t.request('POST', '/auth/verify-email', { body: { token: bad } })
      expect(res.status, bad).toBe(400)
      expect(res.body.field).toBe('token')
    }
    expect((await accountNamed('latecomer'))?.emailVerifiedAt).toBeNull()
  })

  it('resends a link to the account of the token only, at most 5 an hour per recipient', async () => {
    expect((await signUp('resender', 'resend@example.com')).status).toBe(200)
    const session = await login('resender', 'attacker123')
    const resend = () =>
      t.request('POST', '/auth/verify-email/resend', { token: session.body.token })
    expect((await t.request('POST', '/auth/verify-email/resend')).status).toBe(401)
    const first = await resend()
    expect(first.status).toBe(200)
    const mail = (await t.outbox()).at(-1)
    expect(mail).toMatchObject({ to: 'resend@example.com', subject: 'Confirm your e-mail address' })
    // Resends have the account's own budget (5 an hour), which the sign-up mail did not use.
    const statuses: number[] = []
    for (let i = 0; i < 5; i += 1) statuses.push((await resend()).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429])

    const confirmed = await t.request('POST', '/auth/verify-email', {
      body: { token: await mailedToken('resend@example.com') },
    })
    expect(confirmed.status).toBe(200)
    const me = await t.request('GET', '/users/token', { token: session.body.token })
    expect(me.body.emailVerified).toBe(true)
  })

  it('proves only the address it was mailed to: after a change of address it proves nothing', async () => {
    expect((await signUp('mover', 'old-address@example.com')).status).toBe(200)
    const token = await mailedToken('old-address@example.com')
    await t.db
      .update(accounts)
      .set({ email: 'new-address@example.com' })
      .where(eq(accounts.userName, 'mover'))
    const res = await t.request('POST', '/auth/verify-email', { body: { token } })
    expect(res.status).toBe(400)
    expect((await accountNamed('mover'))?.emailVerifiedAt).toBeNull()
  })

  it('keeps the e-mail read-only on the profile, so a save never carries a mark to another address', async () => {
    const person = await t.makeAccount()
    const verifiedAt = new Date('2026-11-01T00:00:00Z')
    await t.db
      .update(accounts)
      .set({ emailVerifiedAt: verifiedAt })
      .where(eq(accounts.id, person.id))
    const save = await t.request('PUT', '/users', {
      token: person.token,
      body: {
        firstName: 'Ana',
        lastName: 'Lopez',
        contactNumber: '555 123 4567',
        buyerAddress: '1 Main Street',
        email: 'someone-else@example.com',
      },
    })
    expect(save.status).toBe(200)
    const me = await t.request('GET', '/users/token', { token: person.token })
    expect(me.body).toMatchObject({ email: person.email, emailVerified: true })
  })
})
