import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAction } from '../../contract/sales'
import { sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'
import {
  addCategory,
  cardPayment,
  recordingPayments,
  stockInstrument,
  unitsLeft,
} from '../test/payment-kit'

/** Failed charges are throttled per account (5 an hour) and per address (20 an hour). */
describe('failed payments, throttled', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let guitarId: number
  const { payment, opened } = recordingPayments()

  beforeAll(async () => {
    t = await createTestApi({ payment }, { productionLimits: true })
    // The tests speak for several addresses through the proxy's header.
    t.deps.env.TRUST_PROXY = '1'
    const bass = { name: 'Precision Bass', brand: 'Fender', price: 800, stock: 100 }
    const categoryId = await addCategory(t.db, 'Basses')
    guitarId = (await stockInstrument(t.db, { ...bass, categoryId })).id
  })
  afterAll(() => t.close())

  const pay = (token: string, card: string, from: string) =>
    t.request('POST', '/payment', {
      token,
      headers: { 'X-Forwarded-For': from },
      body: cardPayment(card, guitarId),
    })
  const stock = () => unitsLeft(t.db, guitarId)

  it('refuses an account after 5 declines, before reserving or charging anything', async () => {
    const shopper = await t.makeAccount()
    for (let n = 0; n < 5; n += 1) {
      expect((await pay(shopper.token, 'pm_card_chargeDeclined', '198.51.100.1')).status).toBe(402)
    }
    const [before, openedBefore] = [await stock(), opened.length]
    const refused = await pay(shopper.token, 'pm_card_visa', '198.51.100.2')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: 'Too many attempts, try again later' })
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await stock()).toBe(before)
    expect(opened.length).toBe(openedBefore)
    expect(await t.db.select().from(sales).where(eq(sales.userId, shopper.id))).toHaveLength(5)
    // Another account is not held for it.
    const other = await t.makeAccount()
    expect((await pay(other.token, 'pm_card_visa', '198.51.100.1')).status).toBe(201)
  })

  it('counts a failed authentication too', async () => {
    const shopper = await t.makeAccount()
    for (let n = 0; n < 5; n += 1) {
      const started = paymentAction.parse(
        (await pay(shopper.token, 'pm_card_authenticationRequired', '198.51.100.3')).body,
      )
      await t.request('POST', '/payment/test-authentication', {
        token: shopper.token,
        body: { client_secret: started.client_secret, outcome: 'fail' },
      })
      const confirmed = await t.request('POST', '/payment/confirm', {
        token: shopper.token,
        body: { paymentIntentId: started.paymentIntentId },
      })
      expect(confirmed.status).toBe(402)
    }
    expect((await pay(shopper.token, 'pm_card_visa', '198.51.100.3')).status).toBe(429)
  })

  it('refuses an address after 20 declines from any accounts', async () => {
    const from = '192.0.2.50'
    for (let n = 0; n < 20; n += 1) {
      const shopper = await t.makeAccount()
      expect((await pay(shopper.token, 'pm_card_chargeDeclined', from)).status).toBe(402)
    }
    const fresh = await t.makeAccount()
    expect((await pay(fresh.token, 'pm_card_visa', from)).status).toBe(429)
    expect((await pay(fresh.token, 'pm_card_visa', '192.0.2.51')).status).toBe(201)
  })
})
