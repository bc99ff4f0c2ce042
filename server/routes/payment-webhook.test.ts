import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { paymentAction } from '../../contract/sales'
import { instruments } from '../db/schema/catalog'
import { mailOutbox } from '../db/schema/mail'
import { saleRefunds } from '../db/schema/orders'
import { paymentEvents, sales } from '../db/schema/sales'
import { readEnv } from '../env'
import { createTestPayment, settleStaleReservations } from '../payments'
import { createTestApi } from '../test/harness'
import { cardPayment, paymentShop } from '../test/payment-kit'

const SECRET = 'whsec_test_secret'

const violins = { category: 'Violins', name: 'Violin', brand: 'Stentor', price: 250, stock: 1 }

describe('POST /payment/webhook', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument, stockOf, saleOf } = paymentShop(violins)
  const provider = createTestPayment()

  beforeAll(async () => {
    t = await createTestApi({
      payment: provider,
      env: readEnv({ DATA_DIR: 'memory://', SEED: '0', STRIPE_WEBHOOK_SECRET: SECRET }),
    })
    await open(t)
  })
  afterAll(() => t.close())

  /**
   * A checkout left waiting for authentication (the tab then closes), by a shopper of its own: an
   * account holds one reservation at a time, and leaves at most 3 unfinished a day.
   */
  async function pendingPayment(stock = 1) {
    const violin = await addInstrument({ stock })
    const shopper = await t.makeAccount()
    const res = await t.request('POST', '/payment', {
      token: shopper.token,
      body: cardPayment('pm_card_authenticationRequired', violin.id),
    })
    return { violin, action: paymentAction.parse(res.body) }
  }

  let eventCounter = 0
  function deliver(
    type: string,
    object: object,
    opts: { id?: string; secret?: string; livemode?: boolean } = {},
  ) {
    eventCounter += 1
    const payload = JSON.stringify({
      id: opts.id ?? `evt_test_${eventCounter}`,
      object: 'event',
      type,
      // The shop runs without a live key here: Stripe's events are test-mode ones.
      livemode: opts.livemode ?? false,
      data: { object },
    })
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
    })
    return t.api.request('/payment/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    })
  }
  /** A PaymentIntent as Stripe describes it: one violin's price, in the shop's currency. */
  const intent = (id: string, extra: object = {}) => ({
    id,
    object: 'payment_intent',
    amount: 25_000,
    currency: 'usd',
    metadata: {},
    ...extra,
  })

  it('refuses a body whose signature does not match, changing nothing', async () => {
    const { action } = await pendingPayment()
    const forged = await deliver('payment_intent.succeeded', intent(action.paymentIntentId), {
      secret: 'whsec_someone_else',
    })
    expect(forged.status).toBe(400)
    expect(await forged.json()).toEqual({
      error: 'The Stripe-Signature header does not match this body',
    })
    const unsigned = await t.api.request('/payment/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded' }),
    })
    expect(unsigned.status).toBe(400)
    expect((await saleOf(action.paymentIntentId))?.status).toBe('pending')
  })

  it('settles a sale paid while the tab was closed', async () => {
    const { violin, action } = await pendingPayment()
    const res = await deliver('payment_intent.succeeded', intent(action.paymentIntentId))
    expect(res.status).toBe(200)
    expect((await saleOf(action.paymentIntentId))?.status).toBe('succeeded')
    expect(await stockOf(violin.id)).toBe(0)
    // Paid: the stale-reservation job leaves it alone.
    await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
    expect((await saleOf(action.paymentIntentId))?.status).toBe('succeeded')
  })

  it('releases the reservation of a failed payment', async () => {
    const { violin, action } = await pendingPayment()
    const res = await deliver(
      'payment_intent.payment_failed',
      intent(action.paymentIntentId, {
        last_payment_error: { message: 'Your card has insufficient funds.' },
      }),
    )
    expect(res.status).toBe(200)
    expect(await saleOf(action.paymentIntentId)).toMatchObject({
      status: 'failed',
      failure: 'Your card has insufficient funds.',
    })
    expect(await stockOf(violin.id)).toBe(1)
  })

  it('handles each event once', async () => {
    const { violin, action } = await pendingPayment(2)
    const failed = intent(action.paymentIntentId, { last_payment_error: { message: 'No.' } })
    await deliver('payment_intent.payment_failed', failed, { id: 'evt_once' })
    expect(await stockOf(violin.id)).toBe(2)
    // A second delivery of the same event must not give the unit back twice.
    await t.db
      .update(sales)
      .set({ status: 'pending' })
      .where(eq(sales.paymentId, action.paymentIntentId))
    await t.db.update(instruments).set({ stock: 1 }).where(eq(instruments.id, violin.id))
    const again = await deliver('payment_intent.payment_failed', failed, { id: 'evt_once' })
    expect(again.status).toBe(200)
    expect(await stockOf(violin.id)).toBe(1)
    const stored = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_once'))
    expect(stored).toHaveLength(1)
  })

  it('records a refund made in Stripe, partial first, then whole', async () => {
    const { action } = await pendingPayment()
    await deliver('payment_intent.succeeded', intent(action.paymentIntentId))
    const charge = (amount_refunded: number, refunded: boolean) => ({
      id: 'ch_1',
      object: 'charge',
      payment_intent: action.paymentIntentId,
      amount: 25_000,
      currency: 'usd',
      amount_refunded,
      refunded,
    })
    await deliver('charge.refunded', charge(5000, false))
    expect(await saleOf(action.paymentIntentId)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 5000,
    })
    await deliver('charge.refunded', charge(25000, true))
    const sale = await saleOf(action.paymentIntentId)
    expect(sale).toMatchObject({ status: 'refunded', refundedCents: 25_000 })
    // The same refunds told again (another event id) are not counted twice.
    await deliver('charge.refunded', charge(25000, true))
    const rows = await t.db
      .select()
      .from(saleRefunds)
      .where(eq(saleRefunds.saleId, sale?.id ?? 0))
    expect(rows.map((r) => [r.source, r.amountCents, r.restock])).toEqual([
      ['provider', 5000, false],
      ['provider', 20_000, false],
    ])
  })

  it("records a dashboard refund once by Stripe's refund id, and leaves the units sold", async () => {
    const { violin, action } = await pendingPayment()
    await deliver('payment_intent.succeeded', intent(action.paymentIntentId))
    const charge = {
      id: 'ch_2',
      object: 'charge',
      payment_intent: action.paymentIntentId,
      amount: 25_000,
      currency: 'usd',
      amount_refunded: 7000,
      refunded: false,
      refunds: {
        object: 'list',
        data: [{ id: 're_dash_1', object: 'refund', amount: 7000, created: 1, metadata: {} }],
      },
    }
    await deliver('charge.refunded', charge)
    await deliver('charge.refunded', charge)
    const sale = await saleOf(action.paymentIntentId)
    expect(sale).toMatchObject({ status: 'partially_refunded', refundedCents: 7000 })
    const rows = await t.db
      .select()
      .from(saleRefunds)
      .where(eq(saleRefunds.saleId, sale?.id ?? 0))
    expect(rows.map((r) => r.providerRefundId)).toEqual(['re_dash_1'])
    expect(await stockOf(violin.id)).toBe(0)
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, sale?.cusEmail ?? ''))
    expect(
      mails.some((m) => m.text.includes('$70') && m.text.includes(`/user/orders/${sale?.id}`)),
    ).toBe(true)
  })

  it('finds the sale by its metadata when the payment id was never stored', async () => {
    const { action } = await pendingPayment()
    const sale = await saleOf(action.paymentIntentId)
    await t.db
      .update(sales)
      .set({ paymentId: null })
      .where(eq(sales.id, sale?.id ?? 0))
    await deliver(
      'payment_intent.succeeded',
      intent(action.paymentIntentId, { metadata: { instrument_shop_sale_id: String(sale?.id) } }),
    )
    expect(await saleOf(action.paymentIntentId)).toMatchObject({
      id: sale?.id,
      status: 'succeeded',
    })
  })

  it('refunds a payment that succeeds after its reservation was released', async () => {
    const { violin, action } = await pendingPayment()
    await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
    expect(await stockOf(violin.id)).toBe(1)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await deliver('payment_intent.succeeded', intent(action.paymentIntentId))
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/released: refunded/))
    } finally {
      logged.mockRestore()
    }
    expect(provider.refunded).toContain(action.paymentIntentId)
    expect(await saleOf(action.paymentIntentId)).toMatchObject({
      status: 'failed',
      refundedCents: 25_000,
    })
    expect(await stockOf(violin.id)).toBe(1)
  })

  it('ignores events about payments that are not this shop’s', async () => {
    const res = await deliver('payment_intent.succeeded', intent('pi_elsewhere'))
    expect(res.status).toBe(200)
  })

  describe('an event that is not plainly about the sale', () => {
    /** A sale whose payment id was never stored (its process stopped): only metadata names it. */
    async function unrecordedPayment() {
      const { violin, action } = await pendingPayment()
      const sale = await saleOf(action.paymentIntentId)
      if (!sale) throw new Error('no sale')
      await t.db.update(sales).set({ paymentId: null }).where(eq(sales.id, sale.id))
      return { violin, sale }
    }
    const saleNow = async (id: number) =>
      (await t.db.select().from(sales).where(eq(sales.id, id)))[0]
    /** Delivers and answers what was logged; Stripe always gets 200, so it does not retry. */
    async function deliverLogged(...args: Parameters<typeof deliver>) {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const res = await deliver(...args)
        expect(res.status).toBe(200)
        return logged.mock.calls.map((call) => String(call[0]))
      } finally {
        logged.mockRestore()
      }
    }

    it('the reported forgery: another integration’s payment naming the sale in sale_id', async () => {
      const { violin, sale } = await unrecordedPayment()
      // Any payment on the same Stripe account may carry a `sale_id` of its own.
      await deliver(
        'payment_intent.succeeded',
        intent('pi_other_integration', { amount: 100, metadata: { sale_id: String(sale.id) } }),
      )
      expect(await saleNow(sale.id)).toMatchObject({ status: 'pending', paymentId: null })
      expect(await stockOf(violin.id)).toBe(0)
    })

    it('ignores and logs a payment naming the sale whose amount is not the sale’s', async () => {
      const { sale } = await unrecordedPayment()
      const metadata = { instrument_shop_sale_id: String(sale.id) }
      const logged = await deliverLogged(
        'payment_intent.succeeded',
        intent('pi_other_integration', { amount: 100, metadata }),
      )
      expect(logged).toEqual([expect.stringMatching(/does not match sale \d+: amount 100/)])
      expect(await saleNow(sale.id)).toMatchObject({ status: 'pending', paymentId: null })
    })

    it('ignores and logs amount, currency and livemode that are not the sale’s', async () => {
      const { violin, action } = await pendingPayment()
      const wrong: [object, { livemode?: boolean }, RegExp][] = [
        [{ amount: 24_999 }, {}, /amount 24999 \(the sale's is 25000\)/],
        [{ currency: 'eur' }, {}, /currency eur/],
        [{}, { livemode: true }, /livemode true \(the key's is false\)/],
      ]
      for (const [figures, opts, reason] of wrong) {
        const failed = intent(action.paymentIntentId, figures)
        for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
          const logged = await deliverLogged(type, failed, opts)
          expect(logged).toEqual([expect.stringMatching(reason)])
        }
      }
      expect((await saleOf(action.paymentIntentId))?.status).toBe('pending')
      expect(await stockOf(violin.id)).toBe(0)
      // The real event still settles it.
      await deliver('payment_intent.succeeded', intent(action.paymentIntentId))
      expect((await saleOf(action.paymentIntentId))?.status).toBe('succeeded')
      // A refund in another currency is not recorded either.
      const refund = {
        id: 'ch_2',
        object: 'charge',
        payment_intent: action.paymentIntentId,
        amount: 25_000,
        currency: 'eur',
        amount_refunded: 25_000,
        refunded: true,
      }
      expect(await deliverLogged('charge.refunded', refund)).toHaveLength(1)
      expect(await saleOf(action.paymentIntentId)).toMatchObject({
        status: 'succeeded',
        refundedCents: 0,
      })
    })

    it('a shop with a live key takes live events only', async () => {
      const { action } = await pendingPayment()
      const key = t.deps.env.STRIPE_SECRET_KEY
      t.deps.env.STRIPE_SECRET_KEY = 'sk_live_shop'
      try {
        const test = await deliverLogged('payment_intent.succeeded', intent(action.paymentIntentId))
        expect(test).toEqual([expect.stringMatching(/livemode false \(the key's is true\)/)])
        expect((await saleOf(action.paymentIntentId))?.status).toBe('pending')
        await deliver('payment_intent.succeeded', intent(action.paymentIntentId), {
          livemode: true,
        })
        expect((await saleOf(action.paymentIntentId))?.status).toBe('succeeded')
      } finally {
        t.deps.env.STRIPE_SECRET_KEY = key
      }
    })
  })
})

describe('POST /payment/webhook without STRIPE_WEBHOOK_SECRET', () => {
  it('answers 503 and names the setting', async () => {
    const t = await createTestApi()
    try {
      const res = await t.api.request('/payment/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' },
        body: '{}',
      })
      expect(res.status).toBe(503)
      expect((await res.json()).error).toMatch(/STRIPE_WEBHOOK_SECRET/)
    } finally {
      await t.close()
    }
  })
})
