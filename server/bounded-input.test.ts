import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts } from './db/schema/accounts'
import { newsletterSubscribers } from './db/schema/mail'
import { createTestApi } from './test/harness'

/** Every text is bounded, control characters and non-numbers are refused, bodies are JSON. */
let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

describe('bounded input', () => {
  it('refuses a 10 KB firstName with a 400 naming it, and stores nothing', async () => {
    const user = await t.makeAccount()
    const res = await t.request('PUT', '/users', {
      token: user.token,
      body: {
        firstName: 'x'.repeat(10_000),
        lastName: 'Person',
        contactNumber: '555 123 4567',
        buyerAddress: 'Street 1',
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('firstName')
    expect(res.body.error).toMatch(/at most 100 characters/)
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, user.id))
    expect(row?.firstName).toBe('Test')
  })

  it('refuses a NUL in a login name (400, not 500)', async () => {
    const res = await t.request('POST', '/auth/login', {
      body: { userName: 'ada\u0000', password: 'secret123' },
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('userName: must not contain control characters')
  })

  it.each([['admin\u200b'], ['\u202enimda'], ['admin\u3164']])(
    'refuses a sign-up name with an invisible character (%j): it could pass for another',
    async (userName) => {
      const res = await t.request('POST', '/auth/register', {
        body: {
          userName,
          email: 'look@example.com',
          password: 'secret123',
          confirmpassword: 'secret123',
        },
      })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({
        field: 'userName',
        error: 'userName: must not contain invisible characters',
      })
      const [taken] = await t.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, 'look@example.com'))
      expect(taken).toBeUndefined()
    },
  )

  it.each([['/instruments?page=1&name=gui%00tar'], ['/instruments?name=gui%00tar']])(
    'refuses a NUL in the search %s with a 400 naming name',
    async (path) => {
      const res = await t.request('GET', path)
      expect(res.status).toBe(400)
      expect(res.body.field).toBe('name')
    },
  )

  it('refuses a search longer than a name', async () => {
    const res = await t.request('GET', `/instruments?page=1&name=${'a'.repeat(101)}`)
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('name')
  })

  it('refuses "star": [5] instead of reading it as 5', async () => {
    const user = await t.makeAccount()
    const res = await t.request('POST', '/raiting', {
      token: user.token,
      body: {
        instrumentId: 1,
        star: [5],
        comment: 'A fine instrument, it sounds warm and bright.',
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('star')
  })

  it('refuses a control character in a review comment', async () => {
    const user = await t.makeAccount()
    const res = await t.request('POST', '/raiting', {
      token: user.token,
      body: {
        instrumentId: 1,
        star: 5,
        comment: `A fine instrument,\u0007 it sounds warm and bright.`,
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('comment')
  })
})

describe('JSON bodies only', () => {
  it('answers 415 to a text/plain body that any web page could post, and subscribes nobody', async () => {
    const res = await t.api.request('/mail/news', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: 'victim@example.com' }),
    })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({
      error: 'Send the body as application/json',
      field: 'Content-Type',
    })
    expect(await t.db.select().from(newsletterSubscribers)).toEqual([])
  })

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers 415 to %s',
    async (type) => {
      const res = await t.api.request('/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: 'userName=mallory',
      })
      expect(res.status).toBe(415)
    },
  )

  it('takes application/json with a charset', async () => {
    const res = await t.api.request('/mail/news', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: 'reader@example.com' }),
    })
    expect(res.status).toBe(200)
  })
})
