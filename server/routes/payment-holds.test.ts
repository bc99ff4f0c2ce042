import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAction } from '../../contract/sales'
import { sales } from '../db/schema/sales'
import {
  AUTHENTICATION_FAILED,
  NOT_COMPLETED,
  PAYMENT_UNDER_WAY,
  REPLACED_BY_NEWER_ORDER,
  settleStaleReservations,
  TOO_MANY_HOLDS,
  TOO_MANY_UNFINISHED_HOLDS,
} from '../payments'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop, recordingPayments, SLOW_BANK_CARD } from '../test/payment-kit'

const cellos = { category: 'Strings', name: 'Cello', brand: 'Yamaha', price: 1500, stock: 1 }
const THREE_DS = 'pm_card_authenticationRequired'

/**
 * Holds: units reserved while the bank waits for the shopper's authentication (202). An account
 * holds one at a time and leaves at most 3 unfinished a day; an address opens 20 an hour
 * (production limits). payment-hoarding.test.ts plays the attacker through a whole day.
 */
describe('reservations awaiting authentication (holds)', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  type Shopper = Awaited<ReturnType<typeof t.makeAccount>>
  const { open, addInstrument, stockOf, saleOf } = paymentShop(cellos)
  // Payments with the slow card wait at the bank until the test lets the bank answer.
  let slowCard = SLOW_BANK_CARD
  let atBank: () => void = () => {}
  let bankAnswers: Promise<void> = Promise.resolve()
  const { provider, payment, opened } = recordingPayments(async (id, card) => {
    if (card === slowCard) {
      atBank()
      await bankAnswers
    }
    return provider.confirm(id, card)
  })

  beforeAll(async () => {
    t = await createTestApi({ payment }, { productionLimits: true })
    // The tests speak for several addresses through the proxy's header.
    t.deps.env.TRUST_PROXY = '1'
    await open(t)
  })
  afterAll(() => t.close())

  /** Holds `card`'s payments at the bank: `reached` once `arrivals` are there, till `answer()`. */
  function slowBank(card: string, arrivals: number) {
    slowCard = card
    let letAnswer: () => void = () => {}
    bankAnswers = new Promise((resolve) => (letAnswer = resolve))
    let count = 0
    const reached = new Promise<void>((resolve) => {
      atBank = () => {
        count += 1
        if (count === arrivals) resolve()
      }
    })
    return {
      reached,
      answer() {
        slowCard = SLOW_BANK_CARD
        letAnswer()
      },
    }
  }

  let addressCounter = 0
  /** An address of the test's own, so that the per-address limit counts only its requests. */
  const newAddress = () => {
    addressCounter += 1
    return `198.51.100.${addressCounter}`
  }

  function pay(
    shopper: Shopper,
    instruments: { id: number; count?: number }[],
    opts: { card?: string; key?: string; from: string },
  ) {
    return t.request('POST', '/payment', {
      token: shopper.token,
      headers: {
        'X-Forwarded-For': opts.from,
        ...(opts.key ? { 'Idempotency-Key': opts.key } : {}),
      },
      body: {
        id: opts.card ?? THREE_DS,
        items: instruments.map((i) => ({ id: i.id, count: i.count ?? 1 })),
        userInfo: customer,
      },
    })
  }
  const authenticate = (shopper: Shopper, client_secret: string, outcome: 'complete' | 'fail') =>
    t.request('POST', '/payment/test-authentication', {
      token: shopper.token,
      body: { client_secret, outcome },
    })
  const confirm = (shopper: Shopper, paymentIntentId: string) =>
    t.request('POST', '/payment/confirm', { token: shopper.token, body: { paymentIntentId } })
  const pendingOf = (accountIds: number[]) =>
    t.db
      .select()
      .from(sales)
      .where(and(inArray(sales.userId, accountIds), eq(sales.status, 'pending')))

  describe('one per account', () => {
    it('a new order releases the earlier hold, whose payment can then never be paid', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const first = paymentAction.parse((await pay(shopper, [cello], { from })).body)
      expect(await stockOf(cello.id)).toBe(0)

      const second = await pay(shopper, [bass], { from })
      expect(second.status).toBe(202)
      expect(await stockOf(bass.id)).toBe(0)
      expect(await stockOf(cello.id)).toBe(1)
      expect(await saleOf(first.paymentIntentId)).toMatchObject({
        status: 'failed',
        failure: REPLACED_BY_NEWER_ORDER,
      })
      expect(await pendingOf([shopper.id])).toHaveLength(1)
      // Canceled at the provider before the units went back: too late to authenticate it.
      expect((await authenticate(shopper, first.client_secret, 'complete')).status).toBe(409)
      const late = await confirm(shopper, first.paymentIntentId)
      expect(late.status).toBe(402)
      expect(late.body).toEqual({ error: REPLACED_BY_NEWER_ORDER })
      expect(await stockOf(cello.id)).toBe(1)
    })

    it('a changed cart may take the units its earlier hold kept', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const first = paymentAction.parse((await pay(shopper, [cello], { from })).body)
      // The last cello is this shopper's own hold: the new cart gets it.
      const changed = await pay(shopper, [cello, bass], { from, card: 'pm_card_visa' })
      expect(changed.status).toBe(201)
      expect([await stockOf(cello.id), await stockOf(bass.id)]).toEqual([0, 0])
      expect((await saleOf(first.paymentIntentId))?.status).toBe('failed')
    })

    it('a retry of the same order replays its 202 and releases nothing', async () => {
      const [shopper, from, key] = [await t.makeAccount(), newAddress(), randomUUID()]
      const cello = await addInstrument({ stock: 3 })
      const first = await pay(shopper, [cello], { from, key })
      expect(first.status).toBe(202)
      const openedBefore = opened.length
      const retry = await pay(shopper, [cello], { from, key })
      expect(retry.status).toBe(202)
      expect(retry.body).toEqual(first.body)
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
      expect(opened.length).toBe(openedBefore)
      expect(await stockOf(cello.id)).toBe(2)
      expect((await saleOf(first.body.paymentIntentId))?.status).toBe('pending')
    })

    it('completing the authentication frees the account to pay again', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const started = paymentAction.parse((await pay(shopper, [cello], { from })).body)
      expect((await authenticate(shopper, started.client_secret, 'complete')).status).toBe(200)
      expect((await confirm(shopper, started.paymentIntentId)).status).toBe(201)

      const next = await pay(shopper, [bass], { from, card: 'pm_card_visa' })
      expect(next.status).toBe(201)
      expect((await saleOf(started.paymentIntentId))?.status).toBe('succeeded')
      expect([await stockOf(cello.id), await stockOf(bass.id)]).toEqual([0, 0])
    })

    it('failing the authentication frees the account to pay again', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const started = paymentAction.parse((await pay(shopper, [cello], { from })).body)
      expect((await authenticate(shopper, started.client_secret, 'fail')).status).toBe(200)
      expect((await confirm(shopper, started.paymentIntentId)).status).toBe(402)

      const next = await pay(shopper, [bass], { from, card: 'pm_card_visa' })
      expect(next.status).toBe(201)
      expect(await saleOf(started.paymentIntentId)).toMatchObject({
        status: 'failed',
        failure: AUTHENTICATION_FAILED,
      })
      expect([await stockOf(cello.id), await stockOf(bass.id)]).toEqual([1, 0])
    })

    it('settles an earlier hold authenticated but never confirmed as paid, not canceled', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const started = paymentAction.parse((await pay(shopper, [cello], { from })).body)
      await authenticate(shopper, started.client_secret, 'complete')
      // The tab closed before POST /payment/confirm.
      const next = await pay(shopper, [bass], { from, card: 'pm_card_visa' })
      expect(next.status).toBe(201)
      expect((await saleOf(started.paymentIntentId))?.status).toBe('succeeded')
      expect(await stockOf(cello.id)).toBe(0)
      expect(provider.refunded).not.toContain(started.paymentIntentId)
    })

    it('releases an earlier hold whose authentication failed, confirm never came', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const started = paymentAction.parse((await pay(shopper, [cello], { from })).body)
      await authenticate(shopper, started.client_secret, 'fail')
      const next = await pay(shopper, [bass], { from, card: 'pm_card_visa' })
      expect(next.status).toBe(201)
      expect(await saleOf(started.paymentIntentId)).toMatchObject({
        status: 'failed',
        failure: AUTHENTICATION_FAILED,
      })
      expect(await stockOf(cello.id)).toBe(1)
    })

    it('a payment still at the bank is waited for: another order answers 409', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const bank = slowBank(SLOW_BANK_CARD, 1)
      const slow = pay(shopper, [cello], { from, card: SLOW_BANK_CARD })
      await bank.reached

      const other = await pay(shopper, [bass], { from, card: 'pm_card_visa' })
      expect(other.status).toBe(409)
      expect(other.body).toEqual({ error: PAYMENT_UNDER_WAY })
      expect(await stockOf(bass.id)).toBe(1)
      bank.answer()
      expect((await slow).status).toBe(201)
      expect((await pay(shopper, [bass], { from, card: 'pm_card_visa' })).status).toBe(201)
    })

    it('two different orders at once leave one hold', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const [cello, bass] = [await addInstrument(), await addInstrument()]
      const answers = await Promise.all([
        pay(shopper, [cello], { from }),
        pay(shopper, [bass], { from }),
      ])
      for (const answer of answers) expect([202, 409]).toContain(answer.status)
      expect(answers.some((a) => a.status === 202)).toBe(true)
      expect(await pendingOf([shopper.id])).toHaveLength(1)
      expect([await stockOf(cello.id), await stockOf(bass.id)].sort()).toEqual([0, 1])
    })
  })

  describe('throttled', () => {
    it('the reported attack: every unit in one order, repeated, is refused after 3 holds', async () => {
      const [shopper, from] = [await t.makeAccount(), newAddress()]
      const catalogue = [await addInstrument({ stock: 4 }), await addInstrument({ stock: 2 })]
      const everything = catalogue.map((i) => ({ id: i.id, count: i.stock }))
      let lastKey = ''
      for (let n = 0; n < 3; n += 1) {
        lastKey = randomUUID()
        expect((await pay(shopper, everything, { from, key: lastKey })).status).toBe(202)
        expect(await pendingOf([shopper.id])).toHaveLength(1)
      }
      const openedBefore = opened.length
      const refused = await pay(shopper, everything, { from: newAddress(), key: randomUUID() })
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ error: TOO_MANY_UNFINISHED_HOLDS })
      // Until the first hold is a day old.
      const retryAfter = Number(refused.headers.get('Retry-After'))
      expect(retryAfter).toBeGreaterThan(24 * 60 * 60 - 60)
      expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60)
      expect(opened.length).toBe(openedBefore)
      // The last hold is untouched, and a retry of its order still replays the 202.
      const [held] = await pendingOf([shopper.id])
      const retry = await pay(shopper, everything, { from, key: lastKey })
      expect(retry.status).toBe(202)
      expect(retry.body.paymentIntentId).toBe(held?.paymentId)

      // Released after 15 minutes; the account stays refused for the day.
      await settleStaleReservations(t.deps, new Date(Date.now() + 16 * 60 * 1000))
      const stocks = await Promise.all(catalogue.map((i) => stockOf(i.id)))
      expect(stocks).toEqual([4, 2])
      expect((await pay(shopper, everything, { from, card: 'pm_card_visa' })).status).toBe(429)
    })

    it('an address opens 20 an hour: the next is 429 with Retry-After and reserves nothing', async () => {
      const from = newAddress()
      const cello = await addInstrument({ stock: 100 })
      const holders: Shopper[] = []
      const keys: string[] = []
      for (let n = 0; n < 20; n += 1) {
        holders.push(await t.makeAccount())
        keys.push(randomUUID())
        const res = await pay(holders[n] as Shopper, [cello], { from, key: keys[n] })
        expect(res.status).toBe(202)
      }
      const fresh = await t.makeAccount()
      const openedBefore = opened.length
      const refused = await pay(fresh, [cello], { from })
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect(opened.length).toBe(openedBefore)
      expect(await stockOf(cello.id)).toBe(80)
      expect(await t.db.select().from(sales).where(eq(sales.userId, fresh.id))).toEqual([])
      // A retry of a hold's own order still replays its 202; another address is not held for it.
      const retry = await pay(holders[0] as Shopper, [cello], { from, key: keys[0] })
      expect(retry.status).toBe(202)
      expect((await pay(fresh, [cello], { from: newAddress() })).status).toBe(202)
    })

    it('an address opening holds all at once still keeps 20, the others released', async () => {
      const from = newAddress()
      const cello = await addInstrument({ stock: 100 })
      const early = await Promise.all(Array.from({ length: 10 }, () => t.makeAccount()))
      for (const shopper of early) expect((await pay(shopper, [cello], { from })).status).toBe(202)
      // The 16 pass the check before any is counted: the bank answers once all are there. (At
      // most 20 payments of an address are at the bank at once: each counts as failed until
      // it is known not to be.)
      const shoppers = await Promise.all(Array.from({ length: 16 }, () => t.makeAccount()))
      const bank = slowBank(THREE_DS, 16)
      const asked = Promise.all(shoppers.map((s) => pay(s, [cello], { from })))
      await bank.reached
      expect(await stockOf(cello.id)).toBe(74)
      bank.answer()
      const answers = await asked
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 202)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(6)
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
      }
      expect(await stockOf(cello.id)).toBe(80)
      expect(await pendingOf(shoppers.map((s) => s.id))).toHaveLength(10)
      // The six over the limit: canceled at the provider, so nobody can ever pay them.
      const released = await t.db
        .select()
        .from(sales)
        .where(
          and(
            inArray(
              sales.userId,
              shoppers.map((s) => s.id),
            ),
            eq(sales.status, 'failed'),
          ),
        )
      expect(released.map((r) => r.failure)).toEqual(Array(6).fill(TOO_MANY_HOLDS))
      for (const sale of released) {
        expect(await provider.retrieve(sale.paymentId ?? '')).toEqual({
          status: 'failed',
          error: NOT_COMPLETED,
        })
      }
    })
  })
})
