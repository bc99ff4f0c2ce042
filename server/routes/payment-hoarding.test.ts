import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentAction } from '../../contract/sales'
import { sales } from '../db/schema/sales'
import {
  NOT_COMPLETED,
  settleStaleReservations,
  TOO_MANY_UNFINISHED_HOLDS,
  tooManyUnitsHeld,
} from '../payments'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop, recordingPayments } from '../test/payment-kit'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const THREE_DS = 'pm_card_authenticationRequired'
const harps = { category: 'Harps', name: 'Harp', brand: 'Salvi', price: 900, stock: 4 }

/**
 * The reported hoarding: one account starts a 3-D Secure payment for an instrument's whole stock,
 * never authenticates, and starts another as soon as the units are back. Played on the shop's
 * clock (the limits' and the stale-reservation job's).
 */
describe('holds that end', () => {
  let clock = Date.now()
  let t: Awaited<ReturnType<typeof createTestApi>>
  type Shopper = Awaited<ReturnType<typeof t.makeAccount>>
  const { open, addInstrument, stockOf, saleOf } = paymentShop(harps)
  const { provider, payment } = recordingPayments()

  beforeAll(async () => {
    t = await createTestApi({ payment }, { productionLimits: true, now: () => clock })
    await open(t)
  })
  afterAll(() => t.close())

  const pay = (shopper: Shopper, id: number, count: number, card = THREE_DS) =>
    t.request('POST', '/payment', {
      token: shopper.token,
      body: { id: card, items: [{ id, count }], userInfo: customer },
    })
  /** The job runs every minute; here at each step of the shop's clock. */
  const sweep = () => settleStaleReservations(t.deps, new Date(clock))

  it('keeps an instrument off sale for at most 45 minutes of a day', async () => {
    const start = clock
    const harp = await addInstrument()
    const attacker = await t.makeAccount()
    const started: number[] = []
    let heldMinutes = 0
    // Steps of 5 minutes keep the day quick; a hold lasts 15, so it starts and ends on a step.
    const step = 5
    for (let minute = 0; minute < 24 * 60; minute += step) {
      clock = start + minute * MINUTE
      await sweep()
      if ((await stockOf(harp.id)) === harp.stock) {
        const res = await pay(attacker, harp.id, harp.stock)
        if (res.status === 202) started.push(minute)
        else {
          expect(res.status).toBe(429)
          expect(res.body).toEqual({ error: TOO_MANY_UNFINISHED_HOLDS })
          // Until the first hold is a day old.
          expect(Number(res.headers.get('Retry-After'))).toBe((DAY - minute * MINUTE) / 1000)
        }
      }
      if ((await stockOf(harp.id)) === 0) heldMinutes += step
    }
    expect(started).toEqual([0, 15, 30])
    expect(heldMinutes).toBe(45)
    // A day after the first hold, the account may start one again.
    clock = start + DAY
    expect((await pay(attacker, harp.id, harp.stock)).status).toBe(202)
  }, 120_000)

  it('replacing the hold by a new order counts each one', async () => {
    const start = clock
    const harp = await addInstrument()
    const attacker = await t.makeAccount()
    const answers: number[] = []
    let heldMinutes = 0
    for (let minute = 0; minute < 60; minute += 1) {
      clock = start + minute * MINUTE
      await sweep()
      answers.push((await pay(attacker, harp.id, harp.stock)).status)
      if ((await stockOf(harp.id)) === 0) heldMinutes += 1
    }
    expect(answers.slice(0, 4)).toEqual([202, 202, 202, 429])
    expect(answers.filter((status) => status === 202)).toHaveLength(3)
    // The third hold, started at minute 2, ends at 17.
    expect(heldMinutes).toBe(17)
  }, 60_000)

  it('counts only holds the shopper did not complete', async () => {
    const shopper = await t.makeAccount()
    for (let n = 0; n < 5; n += 1) {
      const harp = await addInstrument({ stock: 1 })
      const started = paymentAction.parse((await pay(shopper, harp.id, 1)).body)
      await t.request('POST', '/payment/test-authentication', {
        token: shopper.token,
        body: { client_secret: started.client_secret, outcome: 'complete' },
      })
      const confirmed = await t.request('POST', '/payment/confirm', {
        token: shopper.token,
        body: { paymentIntentId: started.paymentIntentId },
      })
      expect(confirmed.status).toBe(201)
    }
    const harp = await addInstrument({ stock: 1 })
    expect((await pay(shopper, harp.id, 1)).status).toBe(202)
  })

  it('a hold keeps at most MAX_HELD_UNITS units: more is canceled and given back', async () => {
    const shopper = await t.makeAccount()
    const harp = await addInstrument({ stock: 30 })
    const max = t.deps.env.MAX_HELD_UNITS
    expect(max).toBe(10)
    const refused = await pay(shopper, harp.id, max + 1)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      error: 'A payment waiting for authentication may hold at most 10 units: order fewer at once',
    })
    expect(await stockOf(harp.id)).toBe(30)
    const [sale] = await t.db.select().from(sales).where(eq(sales.userId, shopper.id))
    expect(sale).toMatchObject({ status: 'failed', failure: tooManyUnitsHeld(max), heldAt: null })
    // Canceled at the provider: it can never be paid.
    expect(await provider.retrieve(sale?.paymentId ?? '')).toEqual({
      status: 'failed',
      error: NOT_COMPLETED,
    })

    const held = paymentAction.parse((await pay(shopper, harp.id, max)).body)
    expect((await saleOf(held.paymentIntentId))?.heldAt).toEqual(new Date(clock))
    expect(await stockOf(harp.id)).toBe(30 - max)
    // A card that needs no authentication holds nothing: any count the stock has is sold.
    const buyer = await t.makeAccount()
    expect((await pay(buyer, harp.id, max + 5, 'pm_card_visa')).status).toBe(201)
  })
})
