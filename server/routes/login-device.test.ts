import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookiesOf, googleStandIn } from '../test/google-kit'
import { createTestApi } from '../test/harness'

type TestApi = Awaited<ReturnType<typeof createTestApi>>

// "Locking the owner out": five wrong passwords for `admin` from anyone shut the back
// office. A browser that signed in before carries a device cookie and keeps its own streak.
describe('throttles an attacker cannot turn on the owner', () => {
  let t: TestApi
  let clock = Date.parse('2026-11-24T10:00:00Z')
  let credential: Awaited<ReturnType<typeof googleStandIn>>['credential']
  beforeAll(async () => {
    const standIn = await googleStandIn()
    credential = standIn.credential
    t = await createTestApi(
      { google: standIn.google },
      { productionLimits: true, now: () => clock },
    )
  })
  afterAll(() => t.close())

  const login = (
    userName: string,
    password: string,
    opts: { cookie?: string; address?: string } = {},
  ) =>
    t.request('POST', '/auth/login', {
      body: { userName, password },
      address: opts.address ?? '203.0.113.7',
      headers: opts.cookie ? { Cookie: opts.cookie } : {},
    })
  /** A stranger's streak of wrong passwords, each from another address. */
  const strangerGuesses = async (userName: string, count: number) => {
    const statuses: number[] = []
    for (let i = 0; i < count; i += 1) {
      statuses.push((await login(userName, 'wrong12345', { address: `198.51.100.${i}` })).status)
    }
    return statuses
  }

  it("lets the owner's browser in while strangers are refused", async () => {
    const admin = await t.makeAccount({ rol: 'admin', password: 'right12345' })
    const first = await login(admin.userName, 'right12345')
    expect(first.status).toBe(200)
    const device = cookiesOf(first.headers)
    expect(device).toMatch(new RegExp(`^shop_device_${admin.id}=[\\w-]+\\.[\\w-]+$`))
    const setCookie = first.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Strict/)
    expect(setCookie).toMatch(/Path=\/api\/auth/)

    expect(await strangerGuesses(admin.userName, 8)).toEqual([
      401, 401, 401, 401, 401, 429, 429, 429,
    ])
    // A stranger with the right password waits out the back-off…
    expect((await login(admin.userName, 'right12345')).status).toBe(429)
    // …the owner's browser does not.
    const owner = await login(admin.userName, 'right12345', { cookie: device })
    expect(owner.status).toBe(200)
    expect(owner.body.token).toEqual(expect.any(String))
    // The owner's browser keeps its device id.
    expect(cookiesOf(owner.headers)).toBe(device)
  })

  it('counts the device apart: its own wrong passwords back it off, not the strangers', async () => {
    const person = await t.makeAccount({ password: 'right12345' })
    const device = cookiesOf((await login(person.userName, 'right12345')).headers)
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await login(person.userName, 'wrong12345', { cookie: device })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    // Strangers' own streak is untouched.
    expect((await login(person.userName, 'right12345')).status).toBe(200)
  })

  it('treats a forged, foreign or tampered cookie as a stranger', async () => {
    const victim = await t.makeAccount({ password: 'right12345' })
    const other = await t.makeAccount({ password: 'right12345' })
    const otherDevice = cookiesOf((await login(other.userName, 'right12345')).headers)
    const [, value] = otherDevice.split('=')
    const forged = [
      `shop_device_${victim.id}=${value}`,
      `shop_device_${victim.id}=${value?.replace(/\.[\w-]+$/, '.AAAA')}`,
      `shop_device_${victim.id}=abcdefghijklmnopqrstu`,
    ]
    expect(await strangerGuesses(victim.userName, 5)).toEqual([401, 401, 401, 401, 401])
    for (const cookie of forged) {
      expect((await login(victim.userName, 'right12345', { cookie })).status, cookie).toBe(429)
    }
  })

  it("counts an attacker's cookies as a stranger's once the owner changes the password", async () => {
    const owner = await t.makeAccount({ password: 'leaked1234' })
    // While the password was known, the attacker signed in and kept the device cookie.
    const stolen = cookiesOf((await login(owner.userName, 'leaked1234')).headers)
    const changed = await t.request('POST', '/users/resetpass', {
      token: owner.token,
      body: { email: owner.email, pass: 'fresh12345', currentPassword: 'leaked1234' },
    })
    expect(changed.status).toBe(200)
    // Strangers' guesses shut the account to strangers; the old cookie is one of them now, so it
    // gets no streak of its own to guess with.
    expect((await strangerGuesses(owner.userName, 6)).at(-1)).toBe(429)
    expect((await login(owner.userName, 'guess12345', { cookie: stolen })).status).toBe(429)
  })

  it('sets the cookie on a Google sign-in too', async () => {
    const google = await t.request('POST', '/auth/login/google', {
      body: { credential: await credential({ sub: 'google-dev', email: 'dev@example.com' }) },
    })
    expect(google.status).toBe(200)
    expect(cookiesOf(google.headers)).toMatch(/^shop_device_\d+=/)
  })

  it('ends the back-off with a completed password reset, by the mailed link or the bearer', async () => {
    const admin = await t.makeAccount({ rol: 'admin', password: 'right12345' })
    expect((await strangerGuesses(admin.userName, 6)).at(-1)).toBe(429)
    const reset = await t.request('POST', '/mail/resetpasswordadmin', {
      body: { email: admin.email },
      address: '203.0.113.8',
    })
    expect(reset.status).toBe(200)
    const link = (await t.outbox()).at(-1)?.text.match(/token=([\w-]+)/)?.[1]
    const changed = await t.request('POST', '/users/resetpass', {
      body: { email: admin.email, pass: 'newpass123', token: link },
      address: '203.0.113.8',
    })
    expect(changed.status).toBe(200)
    expect((await login(admin.userName, 'newpass123', { address: '203.0.113.9' })).status).toBe(200)

    const shopper = await t.makeAccount({ password: 'right12345' })
    expect((await strangerGuesses(shopper.userName, 6)).at(-1)).toBe(429)
    const byBearer = await t.request('POST', '/users/resetpass', {
      token: shopper.token,
      body: { email: shopper.email, pass: 'newpass123', currentPassword: 'right12345' },
    })
    // A wrong-current-password streak is a login streak: while it refuses, so does this.
    expect(byBearer.status).toBe(429)
    clock += 60_000
    const afterWait = await t.request('POST', '/users/resetpass', {
      token: shopper.token,
      body: { email: shopper.email, pass: 'newpass123', currentPassword: 'right12345' },
    })
    expect(afterWait.status).toBe(200)
    expect((await login(shopper.userName, 'newpass123')).status).toBe(200)
  })
})
