import { Writable } from 'node:stream'
import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { requestLog } from './request-log'

function app() {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const shop = new Hono<{ Variables: { account: { id: number } } }>()
  shop.use(requestLog(pino(sink)))
  shop.post('/api/auth/login', (c) => {
    c.set('account', { id: 7 })
    return c.json({ token: 'secret-token' })
  })
  return { shop, lines }
}

describe('request log', () => {
  it('writes one JSON line per request without the query, headers or body', async () => {
    const { shop, lines } = app()
    const res = await shop.request('/api/auth/login?token=reset-link-token', {
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def', 'X-Request-Id': 'proxy-42' },
      body: JSON.stringify({ password: 'hunter22', card: '4242424242424242' }),
    })
    expect(res.headers.get('X-Request-Id')).toBe('proxy-42')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      req: 'proxy-42',
      method: 'POST',
      path: '/api/auth/login',
      status: 200,
      ms: expect.any(Number),
      account: 7,
    })
    const line = JSON.stringify(lines[0])
    for (const secret of ['reset-link-token', 'abc.def', 'hunter22', '4242', 'secret-token']) {
      expect(line).not.toContain(secret)
    }
  })

  it('makes its own id when the given one is not sane', async () => {
    const { shop, lines } = app()
    await shop.request('/nowhere', { headers: { 'X-Request-Id': 'a b;c' } })
    expect(lines[0]?.req).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines[0]?.status).toBe(404)
  })
})
