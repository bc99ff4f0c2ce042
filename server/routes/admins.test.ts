import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts } from '../db/schema/accounts'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

describe('authorization', () => {
  it.each([
    ['GET', '/admins', undefined],
    ['GET', '/admins/id', undefined],
    ['PUT', '/admins', {}],
    ['POST', '/admins/register', {}],
    ['DELETE', '/admins', {}],
  ])('%s %s: 401 without token, 403 for a user and a banned admin', async (m, path, body) => {
    const user = await t.makeAccount()
    const bannedAdmin = await t.makeAccount({ kind: 'admin', rol: 'banned' })
    expect((await t.request(m, path, { body })).status).toBe(401)
    expect((await t.request(m, path, { body, token: user.token })).status).toBe(403)
    expect((await t.request(m, path, { body, token: bannedAdmin.token })).status).toBe(403)
  })
})

describe('GET /admins and /admins/id', () => {
  it('lists only admin accounts and answers the calling admin', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const user = await t.makeAccount()
    const list = await t.request('GET', '/admins', { token: admin.token })
    expect(list.status).toBe(200)
    const ids = list.body.map((a: { id: number }) => a.id)
    expect(ids).toContain(admin.id)
    expect(ids).not.toContain(user.id)
    const me = await t.request('GET', '/admins/id', { token: admin.token })
    expect(me.body).toMatchObject({ id: admin.id, userName: admin.userName, rol: 'admin' })
    expect(me.body.passwordHash).toBeUndefined()
  })
})

describe('POST /admins/register', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    firstName: 'Second',
    lastName: 'Admin',
    email: 'second.admin@example.com',
    userName: 'secondadmin',
    password: 'secret123',
    rol: 'admin',
    ...over,
  })

  it('creates an admin linked to its creator who can log in', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const res = await t.request('POST', '/admins/register', { body: body(), token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'Admin created successfully' })
    const [row] = await t.db.select().from(accounts).where(eq(accounts.userName, 'secondadmin'))
    expect(row).toMatchObject({ kind: 'admin', rol: 'admin', adminId: admin.id })
    const login = await t.request('POST', '/auth/login', {
      body: { userName: 'secondadmin', password: 'secret123' },
    })
    expect(decodeJwt(login.body.token).user_rol).toBe('admin')
  })

  it('answers 400 naming a taken name, a bad rol or a bad field', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'x1@example.com' }, 'userName'],
      [{ userName: 'x2admin' }, 'email'],
      [{ rol: 'user', userName: 'x3admin', email: 'x3@example.com' }, 'rol'],
      [{ lastName: ' ', userName: 'x4admin', email: 'x4@example.com' }, 'lastName'],
    ]
    for (const [over, field] of cases) {
      const res = await t.request('POST', '/admins/register', {
        body: body(over),
        token: admin.token,
      })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe(field)
    }
  })
})

describe('PUT /admins', () => {
  it("bans another admin, which ends that admin's earlier token", async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const other = await t.makeAccount({ rol: 'admin' })
    const res = await t.request('PUT', '/admins', {
      body: { id: other.id, rol: 'banned', firstName: 'Renamed' },
      token: admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.body.ok).toEqual(expect.any(String))
    expect((await t.request('GET', '/admins', { token: other.token })).status).toBe(401)
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, other.id))
    expect(row).toMatchObject({ kind: 'admin', rol: 'banned', firstName: 'Renamed' })
  })

  it('refuses a self-ban (400), a user id (404) and a missing rol (400)', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const self = await t.request('PUT', '/admins', {
      body: { id: admin.id, rol: 'banned' },
      token: admin.token,
    })
    expect(self.status).toBe(400)
    expect(self.body.field).toBe('rol')
    const user = await t.makeAccount()
    const notAdmin = await t.request('PUT', '/admins', {
      body: { id: user.id, rol: 'admin' },
      token: admin.token,
    })
    expect(notAdmin.status).toBe(404)
    const noRol = await t.request('PUT', '/admins', { body: { id: admin.id }, token: admin.token })
    expect(noRol.status).toBe(400)
    expect(noRol.body.field).toBe('rol')
  })
})

describe('DELETE /admins', () => {
  it('deletes another admin with the spec message', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const other = await t.makeAccount({ rol: 'admin' })
    const res = await t.request('DELETE', '/admins', { body: { id: other.id }, token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: 'The admin was succesfully deleted' })
    const again = await t.request('DELETE', '/admins', {
      body: { id: other.id },
      token: admin.token,
    })
    expect(again.status).toBe(404)
  })

  it('refuses deleting yourself (400), a user (404) and a bad id (400)', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const self = await t.request('DELETE', '/admins', {
      body: { id: admin.id },
      token: admin.token,
    })
    expect(self.status).toBe(400)
    const user = await t.makeAccount()
    const notAdmin = await t.request('DELETE', '/admins', {
      body: { id: user.id },
      token: admin.token,
    })
    expect(notAdmin.status).toBe(404)
    const bad = await t.request('DELETE', '/admins', { body: { id: 'x' }, token: admin.token })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('id')
  })
})
