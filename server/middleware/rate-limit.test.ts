import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv, Deps } from '../context'
import { readEnv } from '../env'
import { createRateLimiter, rateLimit } from './rate-limit'

/** A bare app with one limited route: only the limiter and the settings matter here. */
function limitedApp(settings: Record<string, string> = {}) {
  const deps = {
    env: readEnv({ DATA_DIR: 'memory://', ...settings }),
    rateLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }),
  } as Deps
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.post('/login', rateLimit('login'), (c) => c.json({ ok: 'in' }))
  return (opts: { forwardedFor?: string; remoteAddress?: string } = {}) =>
    app.request(
      '/login',
      {
        method: 'POST',
        headers: opts.forwardedFor ? { 'X-Forwarded-For': opts.forwardedFor } : {},
      },
      { incoming: { socket: { remoteAddress: opts.remoteAddress ?? '203.0.113.7' } } },
    )
}

describe('rateLimit client key', () => {
  it('ignores X-Forwarded-For by default: a new header value does not reset the limit', async () => {
    const send = limitedApp()
    expect((await send({ forwardedFor: '1.1.1.1' })).status).toBe(200)
    expect((await send({ forwardedFor: '2.2.2.2' })).status).toBe(200)
    const third = await send({ forwardedFor: '3.3.3.3' })
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0)
  })

  it('counts each socket address apart', async () => {
    const send = limitedApp()
    await send({ remoteAddress: '10.0.0.1' })
    await send({ remoteAddress: '10.0.0.1' })
    expect((await send({ remoteAddress: '10.0.0.1' })).status).toBe(429)
    expect((await send({ remoteAddress: '10.0.0.2' })).status).toBe(200)
  })

  it('with TRUST_PROXY=1 counts the address the proxy appended, not the socket', async () => {
    const send = limitedApp({ TRUST_PROXY: '1' })
    // All requests come through the one proxy socket; the proxy appends the real client last.
    await send({ forwardedFor: 'forged, 1.1.1.1' })
    await send({ forwardedFor: 'other, 1.1.1.1' })
    expect((await send({ forwardedFor: 'third, 1.1.1.1' })).status).toBe(429)
    expect((await send({ forwardedFor: '2.2.2.2' })).status).toBe(200)
  })
})

describe('createRateLimiter', () => {
  it('on overflow drops only expired windows, never live counters', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 })
    expect(limiter.take('attacker', 0)).toBe(0)
    expect(limiter.take('attacker', 0)).toBeGreaterThan(0)
    // Many other clients in the same window fill the map past its bound…
    for (let n = 0; n < 10_001; n += 1) limiter.take(`client${n}`, 10)
    // …and the attacker is still limited.
    expect(limiter.take('attacker', 20)).toBeGreaterThan(0)
    // Once the windows are over, a new client sweeps the expired ones away.
    limiter.take('late', 5_000)
    expect(limiter.size).toBe(1)
  })
})
