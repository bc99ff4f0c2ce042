import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenService } from '../accounts'
import { accounts } from '../db/schema/accounts'
import { createTestApi } from '../test/harness'

type TestApi = Awaited<ReturnType<typeof createTestApi>>

// DELETE /api/users deleted an account with a stolen token alone.
describe('DELETE /users (own account)', () => {
  let t: TestApi
  const secret = randomBytes(32)
  beforeAll(async () => {
    t = await createTestApi({ tokens: createTokenService(secret) }, { productionLimits: true })
  })
  afterAll(() => t.close())

  const exists = async (id: number) =>
    (await t.db.select().from(accounts).where(eq(accounts.id, id))).length === 1
  /** A token of the account as a sign-in `minutesAgo` would have issued it. */
  const tokenIssued = (account: { id: number; userName: string }, minutesAgo: number) => {
    const iat = Math.floor(Date.now() / 1000) - minutesAgo * 60
    return new SignJWT({ userName: account.userName, user_rol: 'user', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(account.id))
      .setJti(randomBytes(8).toString('hex'))
      .setIssuedAt(iat)
      .setExpirationTime(iat + 12 * 3600)
      .sign(secret)
  }

  it('refuses a stolen token alone, with or without a guessed password', async () => {
    const victim = await t.makeAccount({ password: 'right12345' })
    const bare = await t.request('DELETE', '/users', { token: victim.token })
    expect(bare.status).toBe(400)
    expect(bare.body).toEqual({ error: 'Enter your current password', field: 'currentPassword' })
    const guesses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const res = await t.request('DELETE', '/users', {
        token: victim.token,
        body: { currentPassword: `guess${i}1234` },
      })
      if (res.status === 400) expect(res.body.field).toBe('currentPassword')
      guesses.push(res.status)
    }
    // Counted like wrong current passwords and failed logins: the 6th is refused outright.
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429])
    expect(await exists(victim.id)).toBe(true)
  })

  it('deletes the account with its current password', async () => {
    const person = await t.makeAccount({ password: 'right12345' })
    const res = await t.request('DELETE', '/users', {
      token: person.token,
      body: { currentPassword: 'right12345' },
    })
    expect(res).toMatchObject({ status: 200, body: { ok: 'Your account was deleted' } })
    expect(await exists(person.id)).toBe(false)
  })

  it('deletes an account without a password only within 5 minutes of a sign-in', async () => {
    const person = await t.makeAccount()
    await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, person.id))
    const stale = await t.request('DELETE', '/users', { token: await tokenIssued(person, 6) })
    expect(stale.status).toBe(403)
    expect(stale.body.error).toMatch(/Sign in again/)
    expect(await exists(person.id)).toBe(true)
    const fresh = await t.request('DELETE', '/users', {
      token: await tokenIssued(person, 4),
      body: {},
    })
    expect(fresh.status).toBe(200)
    expect(await exists(person.id)).toBe(false)
  })

  it('still leaves admins to another admin', async () => {
    const admin = await t.makeAccount({ rol: 'admin', password: 'right12345' })
    const res = await t.request('DELETE', '/users', {
      token: admin.token,
      body: { currentPassword: 'right12345' },
    })
    expect(res.status).toBe(400)
    expect(await exists(admin.id)).toBe(true)
  })
})
