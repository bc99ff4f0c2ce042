import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentAction, paymentResponse } from '../../contract/sales'
import { AUTHENTICATION_FAILED, NOT_COMPLETED, settleStaleReservations } from '../payments'
import { createTestApi } from '../test/harness'
import { cardPayment, paymentShop } from '../test/payment-kit'

const uprights = { category: 'Pianos', name: 'Upright', brand: 'Yamaha', price: 1000, stock: 3 }

/** 3-D Secure: POST /payment answers 202, the browser authenticates, POST /payment/confirm settles. */
describe('a payment that needs authentication', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let shopper: Awaited<ReturnType<typeof t.makeAccount>>
  const { open, addInstrument, stockOf, saleOf } = paymentShop(uprights)

  beforeAll(async () => {
    t = await createTestApi()
    await open(t)
  })
  // A shopper of its own for each test: an account holds one reservation at a time, and opens
  // leaves at most 3 unfinished a day (payment-hoarding.test.ts).
  beforeEach(async () => {
    shopper = await t.makeAccount()
  })
  afterAll(() => t.close())

  function pay(id: number, opts: { card?: string; key?: string; token?: string } = {}) {
    return t.request('POST', '/payment', {
      token: opts.token ?? shopper.token,
      headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
      body: cardPayment(opts.card ?? 'pm_card_authenticationRequired', id),
    })
  }
  const authenticate = (client_secret: string, outcome: 'complete' | 'fail') =>
    t.request('POST', '/payment/test-authentication', {
      token: shopper.token,
      body: { client_secret, outcome },
    })
  const confirm = (paymentIntentId: string, token = shopper.token) =>
    t.request('POST', '/payment/confirm', { token, body: { paymentIntentId } })

  it('answers 202 with the client secret and keeps the unit reserved meanwhile', async () => {
    const piano = await addInstrument({ stock: 1 })
    const res = await pay(piano.id)
    expect(res.status).toBe(202)
    const action = paymentAction.parse(res.body)
    expect(action.client_secret).toMatch(new RegExp(`^${action.paymentIntentId}_secret_`))
    expect(await stockOf(piano.id)).toBe(0)
    expect((await saleOf(action.paymentIntentId))?.status).toBe('pending')
    // Another buyer of the last unit is told at once.
    const other = await t.makeAccount()
    const second = await pay(piano.id, { token: other.token, card: 'pm_card_visa' })
    expect(second.status).toBe(409)
    expect(second.body).toEqual({ error: `${piano.name} is sold out` })
  })

  it('sells once the authentication is completed, and answers the same on every confirm', async () => {
    const piano = await addInstrument({ stock: 3 })
    const key = randomUUID()
    const started = paymentAction.parse((await pay(piano.id, { key })).body)
    const early = await confirm(started.paymentIntentId)
    expect(early.status).toBe(409)
    expect(early.body).toEqual({ error: 'The payment still needs your authentication' })

    expect((await authenticate(started.client_secret, 'complete')).status).toBe(200)
    const paid = await confirm(started.paymentIntentId)
    expect(paid.status).toBe(201)
    const body = paymentResponse.parse(paid.body)
    expect(body.sale).toMatchObject({ status: 'succeeded', cost: 1000, userId: shopper.id })
    expect(await stockOf(piano.id)).toBe(2)

    const again = await confirm(started.paymentIntentId)
    expect(again.status).toBe(201)
    expect(again.body.sale.id).toBe(body.sale.id)
    // The order's Idempotency-Key now replays the paid answer, not the 202.
    const replay = await pay(piano.id, { key })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(replay.body.sale.id).toBe(body.sale.id)
    expect(await stockOf(piano.id)).toBe(2)
  })

  it('replays the 202 to a retry while the authentication is open, selling nothing more', async () => {
    const piano = await addInstrument({ stock: 3 })
    const key = randomUUID()
    const first = await pay(piano.id, { key })
    const retry = await pay(piano.id, { key })
    expect(retry.status).toBe(202)
    expect(retry.body).toEqual(first.body)
    expect(await stockOf(piano.id)).toBe(2)
  })

  it('sells nothing and gives the unit back when the authentication fails', async () => {
    const piano = await addInstrument({ stock: 1 })
    const key = randomUUID()
    const started = paymentAction.parse((await pay(piano.id, { key })).body)
    expect((await authenticate(started.client_secret, 'fail')).status).toBe(200)
    const failed = await confirm(started.paymentIntentId)
    expect(failed.status).toBe(402)
    expect(failed.body).toEqual({ error: AUTHENTICATION_FAILED })
    expect(await stockOf(piano.id)).toBe(1)
    expect((await saleOf(started.paymentIntentId))?.status).toBe('failed')
    // The same order may then be paid with another card under the same key.
    const retry = await pay(piano.id, { key, card: 'pm_card_visa' })
    expect(retry.status).toBe(201)
    expect(await stockOf(piano.id)).toBe(0)
  })

  it("refuses another account's payment, an unknown one and a bad body", async () => {
    const piano = await addInstrument({ stock: 2 })
    const started = paymentAction.parse((await pay(piano.id)).body)
    const stranger = await t.makeAccount()
    expect((await confirm(started.paymentIntentId, stranger.token)).status).toBe(404)
    expect((await confirm('pi_unknown')).body).toEqual({ error: 'No such payment' })
    const bad = await t.request('POST', '/payment/confirm', { token: shopper.token, body: {} })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('paymentIntentId')
    const anonymous = await t.request('POST', '/payment/confirm', {
      body: { paymentIntentId: started.paymentIntentId },
    })
    expect(anonymous.status).toBe(401)
    expect((await authenticate('pi_x_secret_y', 'complete')).status).toBe(409)
    expect((await saleOf(started.paymentIntentId))?.status).toBe('pending')
  })

  describe('left pending (tab closed)', () => {
    it('is released after 15 minutes and its payment canceled', async () => {
      const piano = await addInstrument({ stock: 1 })
      const started = paymentAction.parse((await pay(piano.id)).body)
      const soon = new Date(Date.now() + 14 * 60 * 1000)
      await settleStaleReservations(t.deps, soon)
      expect((await saleOf(started.paymentIntentId))?.status).toBe('pending')

      await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
      expect(await stockOf(piano.id)).toBe(1)
      expect(await saleOf(started.paymentIntentId)).toMatchObject({
        status: 'failed',
        failure: NOT_COMPLETED,
      })
      // Too late to authenticate now: the payment was canceled with the reservation.
      expect((await authenticate(started.client_secret, 'complete')).status).toBe(409)
      expect((await confirm(started.paymentIntentId)).status).toBe(402)
    })

    it('is settled as paid when the payment completed but confirm never came', async () => {
      const piano = await addInstrument({ stock: 1 })
      const started = paymentAction.parse((await pay(piano.id)).body)
      await authenticate(started.client_secret, 'complete')
      await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
      expect((await saleOf(started.paymentIntentId))?.status).toBe('succeeded')
      expect(await stockOf(piano.id)).toBe(0)
    })
  })
})
