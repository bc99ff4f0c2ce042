import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAction } from '../../contract/sales'
import { readEnv } from '../env'
import { settleStaleReservations } from '../payments'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { cardPayment, paymentShop } from '../test/payment-kit'

const SECRET = 'whsec_order_mail'
const flutes = { category: 'Woodwinds', name: 'Flute', brand: 'Pearl', price: 1200, stock: 5 }

/** The order mail is written by whichever path marks the sale paid, once, and by nothing else. */
describe('the order mail of a paid sale', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  type Shopper = Awaited<ReturnType<typeof t.makeAccount>>
  const { open, addInstrument, saleOf } = paymentShop(flutes)

  beforeAll(async () => {
    t = await createTestApi({
      env: readEnv({ DATA_DIR: 'memory://', SEED: '0', STRIPE_WEBHOOK_SECRET: SECRET }),
    })
    await open(t)
  })
  afterAll(() => t.close())

  const orderMails = async (saleId: number) =>
    (await t.outbox()).filter((m) => m.subject === `Your Instrument Shop order #${saleId}`)

  async function pay(shopper: Shopper, card: string) {
    const flute = await addInstrument()
    return t.request('POST', '/payment', {
      token: shopper.token,
      body: cardPayment(card, flute.id),
    })
  }
  /** A 3-D Secure payment that the shopper authenticates; the tab may then close. */
  async function authenticated(shopper: Shopper) {
    const started = paymentAction.parse((await pay(shopper, 'pm_card_authenticationRequired')).body)
    const done = await t.request('POST', '/payment/test-authentication', {
      token: shopper.token,
      body: { client_secret: started.client_secret, outcome: 'complete' },
    })
    expect(done.status).toBe(200)
    const sale = await saleOf(started.paymentIntentId)
    if (!sale) throw new Error('no sale for the payment')
    return { paymentIntentId: started.paymentIntentId, sale }
  }
  const askForMail = (shopper: Shopper, saleId: number) =>
    t.request('POST', '/mail/purchase', { token: shopper.token, body: { saleId } })

  /** The spec's client still calls POST /mail/purchase: it answers as before and adds no mail. */
  async function expectOneMailEvenWhenAsked(shopper: Shopper, saleId: number) {
    expect(await orderMails(saleId)).toHaveLength(1)
    const asked = await askForMail(shopper, saleId)
    expect(asked.status).toBe(200)
    expect(asked.body).toEqual({ ok: 'We have sent you an email with your order details.' })
    expect(await orderMails(saleId)).toHaveLength(1)
  }

  it('is written by the payment answer itself, in figures of the sale', async () => {
    const shopper = await t.makeAccount()
    const [flute, piccolo] = [await addInstrument(), await addInstrument({ price: 0.1 })]
    const paid = await t.request('POST', '/payment', {
      token: shopper.token,
      body: {
        id: 'pm_card_visa',
        items: [
          { id: flute.id, count: 1 },
          { id: piccolo.id, count: 3 },
        ],
        userInfo: customer,
      },
    })
    expect(paid.status).toBe(201)
    const [mail] = await orderMails(paid.body.sale.id)
    expect(mail?.to).toBe(customer.cus_email)
    expect(mail?.text).toContain(`1 x ${flute.name} (Pearl) at $1,200 = $1,200`)
    // Whole cents: 3 x $0.10 is $0.30, never a float's $0.30000000000000004.
    expect(mail?.text).toContain(`3 x ${piccolo.name} (Pearl) at $0.10 = $0.30`)
    expect(mail?.text).toContain('Items: 4')
    expect(mail?.text).toContain('Total: $1,200.30')
    await expectOneMailEvenWhenAsked(shopper, paid.body.sale.id)
  })

  it('is written by the confirm after 3-D Secure, once however often confirmed', async () => {
    const shopper = await t.makeAccount()
    const { paymentIntentId, sale } = await authenticated(shopper)
    expect(await orderMails(sale.id)).toEqual([])
    for (let n = 0; n < 2; n += 1) {
      const confirmed = await t.request('POST', '/payment/confirm', {
        token: shopper.token,
        body: { paymentIntentId },
      })
      expect(confirmed.status).toBe(201)
    }
    await expectOneMailEvenWhenAsked(shopper, sale.id)
  })

  it('is written by the webhook when the tab closed after authenticating', async () => {
    const shopper = await t.makeAccount()
    const { paymentIntentId, sale } = await authenticated(shopper)
    const payload = JSON.stringify({
      id: `evt_mail_${sale.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: {
        object: {
          id: paymentIntentId,
          object: 'payment_intent',
          amount: 120_000,
          currency: 'usd',
          metadata: {},
        },
      },
    })
    const delivered = await t.api.request('/payment/webhook', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      body: payload,
    })
    expect(delivered.status).toBe(200)
    expect((await saleOf(paymentIntentId))?.status).toBe('succeeded')
    await expectOneMailEvenWhenAsked(shopper, sale.id)
  })

  it('is written by the reservation sweep when neither confirm nor webhook came', async () => {
    const shopper = await t.makeAccount()
    const { paymentIntentId, sale } = await authenticated(shopper)
    await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
    expect((await saleOf(paymentIntentId))?.status).toBe('succeeded')
    await expectOneMailEvenWhenAsked(shopper, sale.id)
  })

  it('is not written for a declined or released payment', async () => {
    const shopper = await t.makeAccount()
    const declined = await pay(shopper, 'pm_card_chargeDeclined')
    expect(declined.status).toBe(402)
    const started = paymentAction.parse((await pay(shopper, 'pm_card_authenticationRequired')).body)
    await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
    const released = await saleOf(started.paymentIntentId)
    expect(released?.status).toBe('failed')
    expect(await orderMails(released?.id ?? 0)).toEqual([])
    expect((await askForMail(shopper, released?.id ?? 0)).status).toBe(409)
  })
})
