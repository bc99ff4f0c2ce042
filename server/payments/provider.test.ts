import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripePayment } from './provider'

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

const confirm = (payment: ReturnType<typeof createStripePayment>) =>
  payment.confirm('pi_1', 'pm_unknown')

const intent = (status: string, extra: object = {}) => ({
  status: 200,
  body: { id: 'pi_1', object: 'payment_intent', status, client_secret: 'pi_1_secret_x', ...extra },
})

describe('Stripe payment', () => {
  it('opens a payment without charging it, the sale id in its metadata', async () => {
    answers.set('/v1/payment_intents', intent('requires_payment_method'))
    const id = await createStripePayment('sk_test_x', baseUrl).create({
      amountCents: 1000,
      description: 'Instrument shop: 1 x Snare',
      saleId: 7,
      idempotencyKey: 'shop-sale-7',
    })
    expect(id).toBe('pi_1')
    const sent = requests.filter((r) => r.path === '/v1/payment_intents').at(-1)
    const form = new URLSearchParams(sent?.body)
    expect(form.get('amount')).toBe('1000')
    expect(form.get('metadata[instrument_shop_sale_id]')).toBe('7')
    expect(form.get('confirm')).toBeNull()
    expect(sent?.idempotencyKey).toBe('shop-sale-7')
  })

  it.each([
    [intent('succeeded'), { status: 'succeeded' }],
    [intent('requires_action'), { status: 'requires_action', clientSecret: 'pi_1_secret_x' }],
    [intent('processing'), { status: 'processing' }],
    [
      intent('requires_payment_method', {
        last_payment_error: { message: 'Your card has insufficient funds.' },
      }),
      { status: 'failed', error: 'Your card has insufficient funds.' },
    ],
  ])('reads a confirmed payment intent as the shop state %#', async (answer, state) => {
    answers.set('/v1/payment_intents/pi_1/confirm', answer)
    expect(await confirm(createStripePayment('sk_test_x', baseUrl))).toEqual(state)
    const sent = requests.filter((r) => r.path === '/v1/payment_intents/pi_1/confirm').at(-1)
    expect(new URLSearchParams(sent?.body).get('payment_method')).toBe('pm_unknown')
    expect(new URLSearchParams(sent?.body).get('use_stripe_sdk')).toBe('true')
    expect(sent?.idempotencyKey).toBe('confirm-pi_1')
  })

  it("answers a card error as a failed payment with Stripe's message", async () => {
    answers.set('/v1/payment_intents/pi_1/confirm', {
      status: 402,
      body: { error: { type: 'card_error', message: 'Your card was declined.' } },
    })
    expect(await confirm(createStripePayment('sk_test_x', baseUrl))).toEqual({
      status: 'failed',
      error: 'Your card was declined.',
    })
  })

  it('answers an invalid request (e.g. an unknown card) as a failed payment, not a throw', async () => {
    answers.set('/v1/payment_intents/pi_1/confirm', {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: "No such PaymentMethod: 'pm_unknown'" },
      },
    })
    expect(await confirm(createStripePayment('sk_test_x', baseUrl))).toEqual({
      status: 'failed',
      error: expect.stringContaining("No such PaymentMethod: 'pm_unknown'"),
    })
  })

  it('answers an idempotency conflict as a failed payment with a readable message', async () => {
    answers.set('/v1/payment_intents/pi_1/confirm', {
      status: 400,
      body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests…' } },
    })
    expect(await confirm(createStripePayment('sk_test_x', baseUrl))).toEqual({
      status: 'failed',
      error: expect.stringMatching(/already being processed/),
    })
  })

  it('reads the real state when a payment to cancel has succeeded meanwhile', async () => {
    answers.set('/v1/payment_intents/pi_1/cancel', {
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } },
    })
    answers.set('/v1/payment_intents/pi_1', intent('succeeded'))
    const state = await createStripePayment('sk_test_x', baseUrl).cancel('pi_1')
    expect(state).toEqual({ status: 'succeeded' })
  })

  it('refunds a payment intent with the idempotency key it is given', async () => {
    answers.set('/v1/refunds', { status: 200, body: { id: 're_1', object: 'refund' } })
    const id = await createStripePayment('sk_test_x', baseUrl).refund({
      paymentId: 'pi_123',
      idempotencyKey: 'refund-pi_123',
    })
    expect(id).toBe('re_1')
    const refund = requests.filter((r) => r.path === '/v1/refunds').at(-1)
    expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe('pi_123')
    expect(new URLSearchParams(refund?.body).get('amount')).toBeNull()
    expect(refund?.idempotencyKey).toBe('refund-pi_123')
  })

  it('refunds part of a payment, naming the shop refund in its metadata', async () => {
    answers.set('/v1/refunds', { status: 200, body: { id: 're_2', object: 'refund' } })
    await createStripePayment('sk_test_x', baseUrl).refund({
      paymentId: 'pi_123',
      amountCents: 1250,
      idempotencyKey: 'shop-refund-7',
      refundId: 7,
    })
    const body = new URLSearchParams(requests.filter((r) => r.path === '/v1/refunds').at(-1)?.body)
    expect(body.get('amount')).toBe('1250')
    expect(body.get('metadata[instrument_shop_refund_id]')).toBe('7')
  })
})
