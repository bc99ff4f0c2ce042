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
  // During a burst the bank answers only once each request of it is at the bank or answered: a
  // slow bank, that lets every request of a burst pass a count kept only after the charge.
  let burst: { arrived: () => void; bankAnswers: Promise<void> } | undefined
  const { provider, payment, opened } = recordingPayments(async (id, card) => {
    if (burst) {
      burst.arrived()
      await burst.bankAnswers
    }
    return provider.confirm(id, card)
  })
  async function sendBurst<T>(size: number, send: (n: number) => Promise<T>): Promise<T[]> {
    let count = 0
    let answer: () => void = () => {}
    const bankAnswers = new Promise<void>((resolve) => (answer = resolve))
    // Until the bank answers, every answer is of a request that never reached it.
    const arrived = () => {
      count += 1
      if (count === size) answer()
    }
    burst = { arrived, bankAnswers }
    try {
      return await Promise.all(Array.from({ length: size }, (_, n) => send(n).finally(arrived)))
    } finally {
      burst = undefined
    }
  }

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
    for (let n = 0; n < 2; n += 1) {
      expect((await pay(shopper.token, 'pm_card_chargeDeclined', '198.51.100.3')).status).toBe(402)
    }
    // Three, since an account leaves at most 3 holds unfinished a day (payment-hoarding.test.ts).
    for (let n = 0; n < 3; n += 1) {
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
    // Refused as five failed payments, not only as three unfinished holds.
    const refused = await pay(shopper.token, 'pm_card_visa', '198.51.100.3')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: 'Too many attempts, try again later' })
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
  // The reported burst: before, every request passed the check made before the charge and was
  // charged; the count came only after the bank's answers.
  it('charges at most 20 of 30 fresh accounts declined at once from one address', async () => {
    const from = '192.0.2.60'
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => t.makeAccount()))
    const openedBefore = opened.length
    const answers = await sendBurst(30, (n) =>
      pay((shoppers[n] as { token: string }).token, 'pm_card_chargeDeclined', from),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 402)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect(opened.length - openedBefore).toBe(20)
    expect((await pay((shoppers[0] as { token: string }).token, 'pm_card_visa', from)).status).toBe(
      429,
    )
  })

  it('charges at most 5 of one account’s bursts of declined payments', async () => {
    const shopper = await t.makeAccount()
    for (let wave = 0; wave < 8; wave += 1) {
      const answers = await sendBurst(8, (n) =>
        pay(shopper.token, 'pm_card_chargeDeclined', `198.51.100.${70 + n}`),
      )
      // One payment of an account at a time: the others are told so, and count nothing.
      for (const answer of answers) expect([402, 409, 429]).toContain(answer.status)
    }
    const charged = await t.db.select().from(sales).where(eq(sales.userId, shopper.id))
    expect(charged).toHaveLength(5)
    expect(charged.every((sale) => sale.status === 'failed')).toBe(true)
    expect((await pay(shopper.token, 'pm_card_visa', '198.51.100.90')).status).toBe(429)
  })

  it('gives back the attempt of a payment that did not fail', async () => {
    const shopper = await t.makeAccount()
    const from = '198.51.100.91'
    for (let n = 0; n < 4; n += 1) {
      expect((await pay(shopper.token, 'pm_card_chargeDeclined', from)).status).toBe(402)
    }
    // Counted as the fifth before the charge, given back when paid: the account is not refused.
    expect((await pay(shopper.token, 'pm_card_visa', from)).status).toBe(201)
    expect((await pay(shopper.token, 'pm_card_visa', from)).status).toBe(201)
    expect((await pay(shopper.token, 'pm_card_chargeDeclined', from)).status).toBe(402)
    expect((await pay(shopper.token, 'pm_card_visa', from)).status).toBe(429)
  })
})
