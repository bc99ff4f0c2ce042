import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenService } from '../accounts'
import { accounts } from '../db/schema/accounts'
import { passwordResetTokens } from '../db/schema/mail'
import { sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'

const secret = randomBytes(32)
let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi({ tokens: createTokenService(secret) })
})
afterAll(() => t.close())

const login = (userName: string, password: string) =>
  t.request('POST', '/auth/login', { body: { userName, password } })

async function insertSale(userId: number) {
  const [sale] = await t.db
    .insert(sales)
    .values({
      status: 'succeeded',
      cost: 100,
      userId,
      paymentId: 'pi_test',
      cusName: 'Buyer',
      cusEmail: 'buyer@example.com',
      cusPhone: '1234567890',
      cusAddress: 'Street 1',
      cusCity: 'City',
      cusCountry: 'Country',
      cusZip: '1000',
    })
    .returning()
  if (!sale) throw new Error('sale not inserted')
  return sale
}

const saleOf = async (id: number) => (await t.db.select().from(sales).where(eq(sales.id, id)))[0]

describe('GET /users/token', () => {
  it("answers the caller's public account without secrets", async () => {
    const user = await t.makeAccount()
    const res = await t.request('GET', '/users/token', { token: user.token })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'id',
        'dni',
        'firstName',
        'lastName',
        'email',
        'contactNumber',
        'userName',
        'buyerAddress',
        'rol',
        'adminId',
        'emailVerified',
        'hasPassword',
      ].sort(),
    )
    expect(res.body).toMatchObject({
      id: user.id,
      userName: user.userName,
      rol: 'user',
      emailVerified: false,
      hasPassword: true,
    })
  })

  it('refuses no token, a forged, an alg:none and an expired token with 401', async () => {
    const user = await t.makeAccount()
    const claims = { userName: user.userName, user_rol: 'admin', ver: 0 }
    const forged = await createTokenService(randomBytes(32)).sign({
      sub: String(user.id),
      userName: user.userName,
      user_rol: 'admin',
      ver: 0,
    })
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: String(user.id), exp: 9e9 })}.`
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret)
    expect((await t.request('GET', '/users/token')).status).toBe(401)
    for (const token of [forged, none, expired, 'not-a-jwt']) {
      const res = await t.request('GET', '/users/token', { token })
      expect(res.status).toBe(401)
      expect(res.body.error).toEqual(expect.any(String))
    }
  })

  it('refuses a banned account with 403', async () => {
    const banned = await t.makeAccount({ rol: 'banned' })
    expect((await t.request('GET', '/users/token', { token: banned.token })).status).toBe(403)
  })
})

describe('admin-only user routes', () => {
  it.each([
    ['GET', '/users', undefined],
    ['POST', '/users', {}],
    ['PUT', '/users/admin', {}],
    ['DELETE', '/users/1', undefined],
  ])('%s %s: 401 without token, 403 for a user and a banned account', async (m, path, body) => {
    const user = await t.makeAccount()
    const banned = await t.makeAccount({ rol: 'banned' })
    expect((await t.request(m, path, { body })).status).toBe(401)
    expect((await t.request(m, path, { body, token: user.token })).status).toBe(403)
    expect((await t.request(m, path, { body, token: banned.token })).status).toBe(403)
  })

  it('GET /users lists only user accounts to an admin', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const user = await t.makeAccount()
    const res = await t.request('GET', '/users', { token: admin.token })
    expect(res.status).toBe(200)
    const ids = res.body.map((a: { id: number }) => a.id)
    expect(ids).toContain(user.id)
    expect(ids).not.toContain(admin.id)
    expect(res.body[0].passwordHash).toBeUndefined()
  })
})

describe('POST /users', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana@example.com',
    userName: 'analopez',
    password: 'secret123',
    dni: '',
    rol: 'banned',
    ...over,
  })

  it('lets an admin create a user or banned account', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const res = await t.request('POST', '/users', { body: body(), token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'User created successfully' })
    const [row] = await t.db.select().from(accounts).where(eq(accounts.userName, 'analopez'))
    expect(row).toMatchObject({ kind: 'user', rol: 'banned', dni: null })
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
  })

  it('refuses the admin role, a taken name and bad fields with a 400 naming the field', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const cases: [Record<string, unknown>, string][] = [
      [{ rol: 'admin', userName: 'other1', email: 'o1@example.com' }, 'rol'],
      [{ email: 'o2@example.com' }, 'userName'],
      [{ userName: 'other3' }, 'email'],
      [{ firstName: '', userName: 'other4', email: 'o4@example.com' }, 'firstName'],
      [{ password: 'nodigits', userName: 'other5', email: 'o5@example.com' }, 'password'],
    ]
    for (const [over, field] of cases) {
      const res = await t.request('POST', '/users', { body: body(over), token: admin.token })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe(field)
    }
  })
})

describe('PUT /users', () => {
  const profile = {
    firstName: '<b>Bold</b>',
    lastName: 'Player',
    contactNumber: '+54 11 5555-1234',
    buyerAddress: 'Main street 1',
  }

  it("updates the caller's profile and keeps HTML as the same text", async () => {
    const user = await t.makeAccount()
    const res = await t.request('PUT', '/users', { body: profile, token: user.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'Your information was updated successfully' })
    const me = await t.request('GET', '/users/token', { token: user.token })
    expect(me.body).toMatchObject(profile)
  })

  it('answers 401 without a token and 400 naming a bad field', async () => {
    const user = await t.makeAccount()
    expect((await t.request('PUT', '/users', { body: profile })).status).toBe(401)
    const res = await t.request('PUT', '/users', {
      body: { ...profile, contactNumber: '12345' },
      token: user.token,
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ field: 'contactNumber' })
    expect(res.body.error).toContain('should have 10 digits at least')
  })
})

describe('PUT /users/admin', () => {
  it("bans a user and ends the user's earlier token", async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const user = await t.makeAccount()
    await t.request('PUT', '/users', {
      token: user.token,
      body: {
        firstName: 'Kept',
        lastName: 'Name',
        contactNumber: '1234567890',
        buyerAddress: 'Somewhere 1',
      },
    })
    const res = await t.request('PUT', '/users/admin', {
      body: { id: user.id, rol: 'banned', contactNumber: '' },
      token: admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.ok).toEqual(expect.any(String))
    expect((await t.request('GET', '/users/token', { token: user.token })).status).toBe(401)
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, user.id))
    // Empty becomes null (docs/product.md §5); fields left out stay as they were.
    expect(row).toMatchObject({ rol: 'banned', contactNumber: null, firstName: 'Kept' })
    const again = await login(user.userName, user.password)
    expect((await t.request('GET', '/users/token', { token: again.body.token })).status).toBe(403)
  })

  it('answers 404 for an admin id, 400 for a bad rol or id', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const other = await t.makeAccount({ rol: 'admin' })
    const notUser = await t.request('PUT', '/users/admin', {
      body: { id: other.id, rol: 'user' },
      token: admin.token,
    })
    expect(notUser.status).toBe(404)
    const user = await t.makeAccount()
    const badRol = await t.request('PUT', '/users/admin', {
      body: { id: user.id, rol: 'admin' },
      token: admin.token,
    })
    expect(badRol.status).toBe(400)
    expect(badRol.body.field).toBe('rol')
    const badId = await t.request('PUT', '/users/admin', {
      body: { id: 'x', rol: 'user' },
      token: admin.token,
    })
    expect(badId.body.field).toBe('id')
  })
})

describe('DELETE /users', () => {
  it('deletes the own account, ends its token and keeps its sales', async () => {
    const user = await t.makeAccount()
    const sale = await insertSale(user.id)
    const res = await t.request('DELETE', '/users', {
      token: user.token,
      body: { currentPassword: user.password },
    })
    expect(res.status).toBe(200)
    expect(res.body.ok).toEqual(expect.any(String))
    expect((await t.request('GET', '/users/token', { token: user.token })).status).toBe(401)
    expect(await saleOf(sale.id)).toMatchObject({ id: sale.id, userId: null })
  })

  it('answers 401 without a token and 400 for an admin account', async () => {
    expect((await t.request('DELETE', '/users')).status).toBe(401)
    const admin = await t.makeAccount({ rol: 'admin' })
    expect((await t.request('DELETE', '/users', { token: admin.token })).status).toBe(400)
  })
})

describe('DELETE /users/:id', () => {
  it('lets an admin delete a user, keeping the sales', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const user = await t.makeAccount()
    const sale = await insertSale(user.id)
    const res = await t.request('DELETE', `/users/${user.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'El User se elimino con exito.' })
    expect(await saleOf(sale.id)).toMatchObject({ userId: null })
    const again = await t.request('DELETE', `/users/${user.id}`, { token: admin.token })
    expect(again.status).toBe(404)
  })

  it('answers 404 for an admin id and 400 for a bad id', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const other = await t.makeAccount({ rol: 'admin' })
    expect((await t.request('DELETE', `/users/${other.id}`, { token: admin.token })).status).toBe(
      404,
    )
    const bad = await t.request('DELETE', '/users/abc', { token: admin.token })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('id')
    // Beyond PostgreSQL's integer range: a 400 naming id, not the database's 500.
    const huge = await t.request('DELETE', '/users/9999999999', { token: admin.token })
    expect(huge.status).toBe(400)
    expect(huge.body.field).toBe('id')
  })
})

describe('POST /users/resetpass', () => {
  const newPass = 'newsecret9'

  async function mailedToken(email: string) {
    await t.request('POST', '/mail/resetpassword', { body: { email } })
    const link = (await t.outbox()).at(-1)?.text.match(/resetpassword\?token=([\w-]+)/)
    if (!link?.[1]) throw new Error('no reset link mailed')
    return link[1]
  }

  it('refuses a reset without the mailed token or with a bad one', async () => {
    const user = await t.makeAccount()
    const none = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass },
    })
    // Never a 401: the SPA signs out on any 401.
    expect(none.status).toBe(400)
    expect(none.body).toMatchObject({ error: expect.any(String), field: 'token' })
    const staleBearer = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass },
      token: 'not-a-valid-token',
    })
    expect(staleBearer).toMatchObject({ status: 400, body: { field: 'token' } })
    const bad = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, token: 'made-up' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('token')
    expect((await login(user.userName, user.password)).status).toBe(200)
  })

  it('works once with the token; the old password and old tokens stop working', async () => {
    const user = await t.makeAccount()
    const token = await mailedToken(user.email)
    const res = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, token, confirmPassword: newPass },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'Your password was changed' })
    expect((await t.outbox()).at(-1)).toMatchObject({ to: user.email })
    expect((await t.outbox()).at(-1)?.text).not.toContain(newPass)
    expect((await login(user.userName, user.password)).status).toBe(401)
    expect((await login(user.userName, newPass)).status).toBe(200)
    expect((await t.request('GET', '/users/token', { token: user.token })).status).toBe(401)
    const reuse = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: 'another99', token },
    })
    expect(reuse.status).toBe(400)
  })

  it("refuses another account's token and an expired link", async () => {
    const user = await t.makeAccount()
    const other = await t.makeAccount()
    const otherToken = await mailedToken(other.email)
    const wrongAccount = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, token: otherToken },
    })
    expect(wrongAccount.status).toBe(400)
    const token = await mailedToken(user.email)
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.accountId, user.id))
    const expired = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, token },
    })
    expect(expired.status).toBe(400)
  })

  it("accepts the bearer token of the same account with its current password, not another's", async () => {
    const user = await t.makeAccount()
    const other = await t.makeAccount()
    const foreign = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, currentPassword: other.password },
      token: other.token,
    })
    expect(foreign.status).toBe(403)
    expect((await login(user.userName, user.password)).status).toBe(200)
    const own = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, currentPassword: user.password },
      token: user.token,
    })
    expect(own.status).toBe(200)
    expect((await login(user.userName, newPass)).status).toBe(200)
  })

  it('refuses a stolen bearer token without the current password, and throttles guesses of it', async () => {
    const user = await t.makeAccount()
    const change = (currentPassword?: string) =>
      t.request('POST', '/users/resetpass', {
        body: { email: user.email, pass: newPass, ...(currentPassword && { currentPassword }) },
        token: user.token,
      })
    const without = await change()
    expect(without.status).toBe(400)
    expect(without.body.field).toBe('currentPassword')
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) statuses.push((await change(`guess${i}abc`)).status)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
    // The guesses are a failed-login streak: the account's logins wait out the refusal too.
    expect((await login(user.userName, newPass)).status).toBe(429)
  })

  it('answers a bad link the same whether or not the e-mail has an account', async () => {
    const user = await t.makeAccount()
    const known = await t.request('POST', '/users/resetpass', {
      body: { email: user.email, pass: newPass, token: 'made-up' },
    })
    const unknown = await t.request('POST', '/users/resetpass', {
      body: { email: 'nobody-at-all@example.com', pass: newPass, token: 'made-up' },
    })
    expect(known).toMatchObject({ status: 400 })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
  })

  it('names a bad email or password', async () => {
    const badPass = await t.request('POST', '/users/resetpass', {
      body: { email: 'a@example.com', pass: 'short', token: 'x' },
    })
    expect(badPass.status).toBe(400)
    expect(badPass.body.field).toBe('pass')
    const badEmail = await t.request('POST', '/users/resetpass', {
      body: { email: 'nope', pass: newPass, token: 'x' },
    })
    expect(badEmail.body.field).toBe('email')
  })
})
