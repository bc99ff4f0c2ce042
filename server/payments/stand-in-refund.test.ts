import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refundMade } from '../../contract/orders'
import { paymentResponse } from '../../contract/sales'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import { createStripePayment } from './provider'

// A refund through Stripe's REST API as the e2e stand-in answers it (e2e/stand-ins/stripe-api.mjs):
// the Stripe provider sends the amount, the idempotency key and the shop's refund id.
describe('refunds through the Stripe stand-in', () => {
  let standIn: ChildProcess
  let url = ''
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument, stockOf } = paymentShop({
    category: 'Lutes',
    name: 'Lute',
    brand: 'Thomann',
    price: 45.5,
    stock: 5,
  })

  beforeAll(async () => {
    standIn = spawn(process.execPath, ['e2e/stand-ins/stripe-api.mjs'], {
      env: { ...process.env, STRIPE_STAND_IN_PORT: '0', STRIPE_WEBHOOK_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    url = await new Promise<string>((resolve, reject) => {
      standIn.stdout?.on('data', (chunk: Buffer) => {
        const port = /Stripe stand-in on (\d+)/.exec(String(chunk))?.[1]
        if (port) resolve(`http://127.0.0.1:${port}`)
      })
      standIn.on('exit', () => reject(new Error('the stand-in stopped')))
    })
    t = await createTestApi({ payment: createStripePayment('sk_test_standin', url) })
  })
  afterAll(async () => {
    standIn?.kill()
    await t?.close()
  })

  it('refunds part, then refuses more than is left, and Stripe holds what the shop holds', async () => {
    const buyer = await open(t)
    const admin = await t.makeAccount({ rol: 'admin' })
    const lute = await addInstrument()
    const paid = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: 'pm_card_visa', items: [{ id: lute.id, count: 2 }], userInfo: customer },
    })
    expect(paid.status).toBe(201)
    const { sale } = paymentResponse.parse(paid.body)
    const refund = (body: object) =>
      t.request('POST', `/sales/${sale.id}/refunds`, { token: admin.token, body })
    const first = await refund({
      lines: [{ instrumentId: lute.id, count: 1 }],
      reason: 'Cracked',
      restock: true,
    })
    expect(first.status).toBe(201)
    expect(refundMade.parse(first.body).order).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 4550,
    })
    expect(await stockOf(lute.id)).toBe(4)
    // The shop's own check refuses first; the stand-in would too.
    expect((await refund({ amount: 45.51, reason: 'x', restock: false })).status).toBe(409)
    expect((await refund({ amount: 45.5, reason: 'Goodwill', restock: false })).status).toBe(201)
    const intents = await (await fetch(`${url}/v1/payment_intents`)).json()
    const intent = intents.data.find((i: { amount: number }) => i.amount === 9100)
    expect(intent.refunds.map((r: { amount: number }) => r.amount)).toEqual([4550, 4550])
    expect(intent.refunds[0].metadata.instrument_shop_refund_id).toMatch(/^\d+$/)
  })
})
