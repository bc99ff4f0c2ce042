import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createDrain } from './drain'

describe('draining on SIGTERM', () => {
  it('finishes the request under way, takes no new one, then stops the background work', async () => {
    const { middleware, drain } = createDrain()
    let finishPayment: () => void = () => {}
    let paymentStarted: () => void = () => {}
    const events: string[] = []
    const started = new Promise<void>((resolve) => (paymentStarted = resolve))
    const app = new Hono()
    app.use(middleware)
    app.get('/api/ready', (c) => c.json({ ok: 'ready' }))
    app.post('/api/payment', async (c) => {
      paymentStarted()
      await new Promise<void>((resolve) => (finishPayment = resolve))
      events.push('sale recorded')
      return c.json({ ok: 'Sale recorded' }, 201)
    })
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    const payment = fetch(`${base}/api/payment`, { method: 'POST' })
    await started
    const drained = drain(server, async () => {
      events.push('background work stopped')
    })
    await expect(fetch(`${base}/api/ready`)).rejects.toThrow()
    expect(events).toEqual([])

    finishPayment()
    const answer = await payment
    expect(answer.status).toBe(201)
    expect(answer.headers.get('connection')).toBe('close')
    await drained
    expect(events).toEqual(['sale recorded', 'background work stopped'])
  })

  it('answers 503 to a readiness check on a connection that is still open', async () => {
    const { middleware, drain } = createDrain()
    const app = new Hono()
    app.use(middleware)
    app.get('/api/ready', (c) => c.json({ ok: 'ready' }))
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    expect((await app.request('/api/ready')).status).toBe(200)
    await drain(server, async () => {})
    const answer = await app.request('/api/ready')
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({ error: 'Shutting down' })
  })
})
