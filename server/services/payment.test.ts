import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripePayment } from './payment'

/** A stand-in of Stripe's API that answers each path with a canned error or object. */
let server: Server
let baseUrl: string
const requests: { path: string; body: string; idempotencyKey: string | undefined }[] = []
const answers = new Map<string, { status: number; body: unknown }>()

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const path = req.url ?? ''
    requests.push({ path, body, idempotencyKey: req.headers['idempotency-key'] as string })
    const answer = answers.get(path) ?? { status: 404, body: { error: { type: 'api_error' } } }
    res.writeHead(answer.status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const charge = (payment: ReturnType<typeof createStripePayment>) =>
  payment.charge({
    paymentMethodId: 'pm_unknown',
    amountCents: 1000,
    description: 'test',
    idempotencyKey: 'order-1',
  })

describe('Stripe payment', () => {
  it('answers an invalid request (e.g. an unknown card) as a failed charge, not a throw', async () => {
    answers.set('/v1/payment_intents', {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: "No such PaymentMethod: 'pm_unknown'" },
      },
    })
    const result = await charge(createStripePayment('sk_test_x', baseUrl))
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining("No such PaymentMethod: 'pm_unknown'"),
    })
  })

  it('answers an idempotency conflict as a failed charge with a readable message', async () => {
    answers.set('/v1/payment_intents', {
      status: 400,
      body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests…' } },
    })
    const result = await charge(createStripePayment('sk_test_x', baseUrl))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatch(/already being processed/)
  })

  it('refunds a payment intent, once per payment however often it is retried', async () => {
    answers.set('/v1/refunds', { status: 200, body: { id: 're_1', object: 'refund' } })
    await createStripePayment('sk_test_x', baseUrl).refund('pi_123')
    const refund = requests.filter((r) => r.path === '/v1/refunds').at(-1)
    expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe('pi_123')
    expect(refund?.idempotencyKey).toBe('refund-pi_123')
  })
})
