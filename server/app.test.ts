import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './app'
import { createTestApi } from './test/harness'

describe('the API frame', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  it('answers an unknown path with a JSON 404', async () => {
    const res = await t.request('GET', '/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body.error).toContain('/no-such-thing')
  })

  it('refuses a body over 100 KB with a JSON 413 before any handler reads it', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        userName: 'bigbody',
        email: 'big@example.com',
        password: 'secret123',
        confirmpassword: 'secret123',
        padding: 'x'.repeat(MAX_BODY_BYTES),
      },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: expect.any(String) })
    const login = await t.request('POST', '/auth/login', {
      body: { userName: 'bigbody', password: 'secret123' },
    })
    expect(login.status).toBe(401)
  })
})
