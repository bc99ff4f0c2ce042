import { eq } from 'drizzle-orm'
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGoogleVerifier, hashPassword } from '../accounts'
import { accounts } from '../db/schema/accounts'
import { createTestApi } from '../test/harness'

// The real hash, counted: sign-up must not spend it on a name or address that is taken.
vi.mock('../accounts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../accounts')>()
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) }
})

type TestApi = Awaited<ReturnType<typeof createTestApi>>

describe('POST /auth/login', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  it('answers a token with sub, userName, user_rol, ver and exp', async () => {
    const user = await t.makeAccount({ userName: 'Guitarist' })
    const res = await t.request('POST', '/auth/login', {
      body: { userName: 'Guitarist', password: user.password },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: expect.any(String), userName: 'Guitarist' })
    const claims = decodeJwt(res.body.token)
    expect(claims).toMatchObject({ sub: String(user.id), userName: 'Guitarist', user_rol: 'user' })
    expect(claims.ver).toBe(0)
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000)
    const me = await t.request('GET', '/users/token', { token: res.body.token })
    expect(me.body.id).toBe(user.id)
  })

  it('matches the userName regardless of case', async () => {
    const user = await t.makeAccount({ userName: 'DrumMaster' })
    const res = await t.request('POST', '/auth/login', {
      body: { userName: 'drummaster', password: user.password },
    })
    expect(res.status).toBe(200)
    expect(res.body.userName).toBe('DrumMaster')
  })

  it('gives the same 401 for a wrong password and an unknown name', async () => {
    const user = await t.makeAccount()
    const wrong = await t.request('POST', '/auth/login', {
      body: { userName: user.userName, password: 'wrong12345' },
    })
    const unknown = await t.request('POST', '/auth/login', {
      body: { userName: 'nobody-here', password: 'wrong12345' },
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ error: 'Wrong userName or password' })
    expect(unknown.body).toEqual(wrong.body)
  })

  it('names the empty field with the spec message', async () => {
    const res = await t.request('POST', '/auth/login', { body: { userName: '', password: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ field: 'userName' })
    expect(res.body.error).toContain('userName or Password required')
  })

  it('gives a banned account a banned token that is refused everywhere', async () => {
    const banned = await t.makeAccount({ rol: 'banned' })
    const res = await t.request('POST', '/auth/login', {
      body: { userName: banned.userName, password: banned.password },
    })
    expect(res.status).toBe(200)
    expect(decodeJwt(res.body.token).user_rol).toBe('banned')
    const me = await t.request('GET', '/users/token', { token: res.body.token })
    expect(me.status).toBe(403)
  })
})

describe('POST /auth/register', () => {
  let t: TestApi
  const signUp = (over: Record<string, unknown> = {}) => ({
    userName: 'newplayer',
    email: 'newplayer@example.com',
    password: 'secret123',
    confirmpassword: 'secret123',
    ...over,
  })
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  it('creates a user who can log in, whatever role the body claims', async () => {
    const res = await t.request('POST', '/auth/register', { body: signUp({ rol: 'admin' }) })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'User created successfully' })
    const login = await t.request('POST', '/auth/login', {
      body: { userName: 'newplayer', password: 'secret123' },
    })
    expect(decodeJwt(login.body.token).user_rol).toBe('user')
    const me = await t.request('GET', '/users/token', { token: login.body.token })
    expect(me.body).toMatchObject({ rol: 'user', email: 'newplayer@example.com' })
  })

  it('refuses a taken userName (any case) or email with a 400 naming the field', async () => {
    const name = await t.request('POST', '/auth/register', {
      body: signUp({ userName: 'NEWPLAYER', email: 'other@example.com' }),
    })
    expect(name.status).toBe(400)
    expect(name.body).toEqual({ error: 'That userName is already taken', field: 'userName' })
    const email = await t.request('POST', '/auth/register', {
      body: signUp({ userName: 'otherplayer', email: 'NewPlayer@example.com' }),
    })
    expect(email.status).toBe(400)
    expect(email.body).toEqual({ error: 'That email already has an account', field: 'email' })
  })

  it('checks the userName and email before hashing the password', async () => {
    vi.mocked(hashPassword).mockClear()
    const taken = await t.request('POST', '/auth/register', {
      body: signUp({ userName: 'NewPlayer', email: 'fresh@example.com' }),
    })
    expect(taken.status).toBe(400)
    expect(hashPassword).not.toHaveBeenCalled()
  })

  it('answers 400 to the loser of two sign-ups racing for one userName', async () => {
    // Both pass the check before either inserts (the hash is slow): the unique index decides.
    const [a, b] = await Promise.all([
      t.request('POST', '/auth/register', {
        body: signUp({ userName: 'racer', email: 'racer1@example.com' }),
      }),
      t.request('POST', '/auth/register', {
        body: signUp({ userName: 'Racer', email: 'racer2@example.com' }),
      }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 400])
    const loser = a.status === 400 ? a : b
    expect(loser.body).toEqual({ error: 'That userName is already taken', field: 'userName' })
  })

  it('refuses a password over 128 characters', async () => {
    const long = 'a1'.repeat(65)
    const res = await t.request('POST', '/auth/register', {
      body: signUp({
        userName: 'longpass',
        email: 'long@example.com',
        password: long,
        confirmpassword: long,
      }),
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ field: 'password' })
    expect(res.body.error).toContain('Invalid Password')
  })

  it.each([
    ['userName', { userName: 'abc' }, 'Required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['password', { password: 'short1', confirmpassword: 'short1' }, 'Invalid Password'],
    ['confirmpassword', { confirmpassword: 'secret124' }, 'different Password'],
  ])('answers 400 naming %s', async (field, over, message) => {
    const res = await t.request('POST', '/auth/register', { body: signUp(over) })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
    expect(res.body.error).toContain(message)
  })

  it('stores HTML in a userName as the same text', async () => {
    const userName = '<img src=x onerror=alert(1)>'
    const res = await t.request('POST', '/auth/register', {
      body: signUp({ userName, email: 'html@example.com' }),
    })
    expect(res.status).toBe(200)
    const login = await t.request('POST', '/auth/login', {
      body: { userName, password: 'secret123' },
    })
    expect(login.body.userName).toBe(userName)
    const me = await t.request('GET', '/users/token', { token: login.body.token })
    expect(me.body.userName).toBe(userName)
  })
})

describe('login throttling', () => {
  let t: TestApi
  let clock = Date.parse('2026-11-24T10:00:00Z')
  beforeAll(async () => {
    t = await createTestApi({}, { productionLimits: true, now: () => clock })
  })
  afterAll(() => t.close())
  const login = (userName: string, password: string, address: string) =>
    t.request('POST', '/auth/login', { body: { userName, password }, address })

  it('refuses 30 wrong passwords for one account from 6 addresses before the 30th, and lets the right one in after the back-off', async () => {
    const victim = await t.makeAccount({ password: 'right12345' })
    const statuses: number[] = []
    for (let i = 0; i < 30; i += 1) {
      statuses.push((await login(victim.userName, 'wrong12345', `198.51.100.${i % 6}`)).status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true)
    // Even the right password waits out the refusal…
    const refused = await login(victim.userName, 'right12345', '203.0.113.1')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBe(60)
    // …and works once it is over.
    clock += 60_000
    const ok = await login(victim.userName, 'right12345', '203.0.113.1')
    expect(ok.status).toBe(200)
    expect(ok.body.token).toEqual(expect.any(String))
  })

  it('counts every spelling that finds the account as that account: İ for i earns no new tries', async () => {
    const person = await t.makeAccount({ userName: 'lisa.smith', password: 'right12345' })
    for (let i = 0; i < 5; i += 1) {
      expect((await login(person.userName, 'wrong12345', `198.51.100.${i + 10}`)).status).toBe(401)
    }
    const otherSpelling = person.userName.toUpperCase().replaceAll('I', '\u0130')
    expect(otherSpelling).not.toBe(person.userName.toUpperCase())
    expect((await login(otherSpelling, 'right12345', '198.51.100.20')).status).toBe(429)
  })

  it('never counts a successful login against the account', async () => {
    const person = await t.makeAccount({ password: 'right12345' })
    for (let i = 0; i < 12; i += 1) {
      expect((await login(person.userName, 'right12345', '203.0.113.2')).status).toBe(200)
    }
  })

  it('throttles a name without an account the same way, so a 429 tells nothing', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await login('nobody-here', 'wrong12345', `198.51.100.${i}`)).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('throttles one address guessing many accounts', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await login(`guess${i}`, 'wrong12345', '192.0.2.50')).status)
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('sign-up throttling', () => {
  it('answers 429 with Retry-After after 10 sign-ups from one address', async () => {
    const limited = await createTestApi({}, { productionLimits: true })
    try {
      for (let i = 0; i < 10; i += 1) {
        expect((await limited.request('POST', '/auth/register', { body: {} })).status).toBe(400)
      }
      const res = await limited.request('POST', '/auth/register', { body: {} })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})

describe('POST /auth/login/google', () => {
  let t: TestApi
  let privateKey: CryptoKey
  const credential = (claims: Record<string, unknown> = {}, iss = 'https://accounts.google.com') =>
    new SignJWT({
      email: 'maria@example.com',
      email_verified: true,
      given_name: 'Maria',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(iss)
      .setAudience((claims.aud as string) ?? 'test-client')
      .setSubject((claims.sub as string) ?? 'google-maria')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey)

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256')
    privateKey = pair.privateKey
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }
    const keys = createLocalJWKSet({ keys: [jwk] })
    t = await createTestApi({ google: createGoogleVerifier({ clientId: 'test-client', keys }) })
  })
  afterAll(() => t.close())

  it('leaves invisible characters of a Google name out of the user name', async () => {
    const body = {
      credential: await credential({
        email: 'sneaky@example.com',
        sub: 'google-sneaky',
        given_name: 'ad\u200bmin\u3164',
      }),
    }
    const res = await t.request('POST', '/auth/login/google', { body })
    expect(res.status).toBe(200)
    // Taken names get a number: a look-alike of an existing name is never made.
    expect(res.body.userName).toMatch(/^admin\d*$/)
  })

  it('creates the account from the verified token and logs in again as the same one', async () => {
    // The body's userName and email are not trusted (docs/architecture.md).
    const body = { credential: await credential(), userName: 'admin', email: 'x@example.com' }
    const first = await t.request('POST', '/auth/login/google', { body })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ ok: expect.any(String), userName: 'Maria' })
    expect(first.body.email).toBe('maria@example.com')
    expect(decodeJwt(first.body.token)).toMatchObject({ userName: 'Maria', user_rol: 'user' })
    const again = await t.request('POST', '/auth/login/google', { body })
    expect(decodeJwt(again.body.token).sub).toBe(decodeJwt(first.body.token).sub)
  })

  it('appends digits when the name is taken and links an account with the same email', async () => {
    const existing = await t.makeAccount({ userName: 'carlos' })
    const other = await t.request('POST', '/auth/login/google', {
      body: {
        credential: await credential({
          sub: 'google-other-carlos',
          email: 'carlos.other@example.com',
          given_name: 'Carlos',
        }),
      },
    })
    expect(other.body.userName).toBe('Carlos1')
    const linked = await t.request('POST', '/auth/login/google', {
      body: { credential: await credential({ sub: 'google-carlos', email: existing.email }) },
    })
    expect(linked.status).toBe(200)
    expect(decodeJwt(linked.body.token).sub).toBe(String(existing.id))
    const takeover = await t.request('POST', '/auth/login/google', {
      body: { credential: await credential({ sub: 'google-intruder', email: existing.email }) },
    })
    expect(takeover.status).toBe(409)
  })

  it('refuses an e-mail that Google has not verified', async () => {
    for (const email_verified of [false, undefined, 'true']) {
      const res = await t.request('POST', '/auth/login/google', {
        body: {
          credential: await credential({
            sub: `google-unverified-${String(email_verified)}`,
            email: 'unverified@example.com',
            email_verified,
          }),
        },
      })
      expect(res.status, String(email_verified)).toBe(401)
    }
  })

  it("never links a Google identity to an admin's account", async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const res = await t.request('POST', '/auth/login/google', {
      body: { credential: await credential({ sub: 'google-admin', email: admin.email }) },
    })
    expect(res.status).toBe(409)
    expect(res.body.error).toMatch(/administrator/)
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, admin.id))
    expect(row?.googleSub).toBeNull()
  })

  it('refuses a wrong audience, a wrong issuer or a foreign key with 401', async () => {
    for (const bad of [
      await credential({ aud: 'someone-else' }),
      await credential({}, 'https://evil.example.com'),
      await new SignJWT({ email: 'maria@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer('https://accounts.google.com')
        .setAudience('test-client')
        .setSubject('google-maria')
        .setExpirationTime('1h')
        .sign((await generateKeyPair('RS256')).privateKey),
    ]) {
      const res = await t.request('POST', '/auth/login/google', { body: { credential: bad } })
      expect(res.status).toBe(401)
      expect(res.body.error).toEqual(expect.any(String))
    }
  })

  it('answers 400 without a credential and 503 when Google is not configured', async () => {
    const missing = await t.request('POST', '/auth/login/google', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.field).toBe('credential')
    const plain = await createTestApi()
    try {
      const res = await plain.request('POST', '/auth/login/google', {
        body: { credential: await credential() },
      })
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ error: 'Google sign-in is not configured' })
    } finally {
      await plain.close()
    }
  })
})

describe('POST /auth/logout', () => {
  it('ends that session on the server and leaves the other devices signed in', async () => {
    const t = await createTestApi()
    try {
      const person = await t.makeAccount({ password: 'right12345' })
      const signIn = async () =>
        (
          await t.request('POST', '/auth/login', {
            body: { userName: person.userName, password: 'right12345' },
          })
        ).body.token as string
      const phone = await signIn()
      const laptop = await signIn()
      const out = await t.request('POST', '/auth/logout', { token: phone })
      expect(out).toMatchObject({ status: 200, body: { ok: 'Logged out' } })
      expect((await t.request('GET', '/users/token', { token: phone })).status).toBe(401)
      expect((await t.request('GET', '/users/token', { token: laptop })).status).toBe(200)
      expect((await t.request('POST', '/auth/logout')).status).toBe(401)
    } finally {
      await t.close()
    }
  })
})
