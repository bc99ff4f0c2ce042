import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_REFUSALS } from '../../contract/pricing'
import { paymentAction, paymentResponse } from '../../contract/sales'
import { discountCodes, discountCodeUses } from '../db/schema/pricing'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop, recordingPayments } from '../test/payment-kit'

// The worst bugs of other shops' discount codes, played against this one: a code's use
// is held by the reservation under the code's lock, kept when paid, given back otherwise.

const guitars = { category: 'Guitars', name: 'Flamenca', brand: 'Alhambra', price: 100, stock: 100 }

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: string
const recorder = recordingPayments()
const { open, addInstrument } = paymentShop(guitars)
let guitar: number
let codeCounter = 0

beforeAll(async () => {
  t = await createTestApi({ payment: recorder.payment })
  await open(t)
  admin = (await t.makeAccount({ rol: 'admin' })).token
  guitar = (await addInstrument()).id
})
afterAll(() => t.close())

/** A new 10 % code with these limits. */
async function newCode(limits: { maxUses?: number; maxUsesPerShopper?: number }) {
  codeCounter += 1
  const code = `PEER${codeCounter}`
  const res = await t.request('POST', '/admin/discount-codes', {
    token: admin,
    body: { code, kind: 'percent', value: 10, ...limits },
  })
  expect(res.status).toBe(201)
  return code
}

const pay = (token: string, code: string, card = 'pm_card_visa', instrument = guitar) =>
  t.request('POST', '/payment', {
    token,
    body: {
      id: card,
      items: [{ id: instrument, count: 1 }],
      userInfo: customer,
      discountCode: code,
    },
  })

async function usesOf(code: string) {
  const [row] = await t.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
  if (!row) throw new Error(`no code ${code}`)
  return t.db
    .select({ state: discountCodeUses.state, saleId: discountCodeUses.saleId })
    .from(discountCodeUses)
    .where(eq(discountCodeUses.codeId, row.id))
}

const authenticate = (token: string, client_secret: string, outcome: 'complete' | 'fail') =>
  t.request('POST', '/payment/test-authentication', { token, body: { client_secret, outcome } })
const confirm = (token: string, paymentIntentId: string) =>
  t.request('POST', '/payment/confirm', { token, body: { paymentIntentId } })

describe('a discount code under the peers’ bugs', () => {
  it('sells one sale with a one-use code to 20 payments started at once; the others are told it is used up, uncharged', async () => {
    const code = await newCode({ maxUses: 1 })
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => t.makeAccount()))
    // Each buys an instrument of their own: only the code's lock stands between them.
    const own: number[] = []
    for (const _ of shoppers) own.push((await addInstrument()).id)
    const opened = recorder.opened.length
    const answers = await Promise.all(
      shoppers.map((s, i) => pay(s.token, code, 'pm_card_visa', own[i])),
    )
    const paid = answers.filter((a) => a.status === 201)
    expect(paid).toHaveLength(1)
    const sale = paymentResponse.parse(paid[0]?.body).sale
    expect(sale).toMatchObject({ discountCode: code, discount: 10, cost: 90 })
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(19)
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 409, body: { error: CODE_REFUSALS.usedUp } })
    }
    // Only the paid one reached the provider.
    expect(recorder.opened.length - opened).toBe(1)
    expect(recorder.opened.at(-1)?.amountCents).toBe(9_000)
    expect(await usesOf(code)).toEqual([{ state: 'kept', saleId: sale.id }])
  })

  it('holds a per-shopper limit through a declined order and a 3-D Secure-pending one', async () => {
    const code = await newCode({ maxUsesPerShopper: 1 })
    const shopper = await t.makeAccount()
    // Declined: nothing was bought, so the use is the shopper's again.
    const declined = await pay(shopper.token, code, 'pm_card_chargeDeclined')
    expect(declined.status).toBe(402)
    expect(await usesOf(code)).toEqual([])
    // Waiting for authentication: the use is held, and counts against the shopper.
    const pending = paymentAction.parse(
      (await pay(shopper.token, code, 'pm_card_authenticationRequired')).body,
    )
    expect(await usesOf(code)).toMatchObject([{ state: 'held' }])
    const quote = await t.request('POST', '/checkout/quote', {
      token: shopper.token,
      body: { items: [{ id: guitar, quantity: 1 }], country: 'Spain', discountCode: code },
    })
    expect(quote.body.refusal).toEqual({ code, reason: CODE_REFUSALS.alreadyUsed })
    expect((await authenticate(shopper.token, pending.client_secret, 'complete')).status).toBe(200)
    expect((await confirm(shopper.token, pending.paymentIntentId)).status).toBe(201)
    const again = await pay(shopper.token, code)
    expect(again).toMatchObject({ status: 409, body: { error: CODE_REFUSALS.alreadyUsed } })
    expect(await usesOf(code)).toMatchObject([{ state: 'kept' }])
    // Another shopper is not limited by this one.
    expect((await pay((await t.makeAccount()).token, code)).status).toBe(201)
  })

  it('counts a 3-D Secure-pending use against the total, and gives it back when the authentication fails', async () => {
    const code = await newCode({ maxUses: 1 })
    const first = await t.makeAccount()
    const second = await t.makeAccount()
    const pending = paymentAction.parse(
      (await pay(first.token, code, 'pm_card_authenticationRequired')).body,
    )
    expect(await pay(second.token, code)).toMatchObject({
      status: 409,
      body: { error: CODE_REFUSALS.usedUp },
    })
    expect((await authenticate(first.token, pending.client_secret, 'fail')).status).toBe(200)
    expect((await confirm(first.token, pending.paymentIntentId)).status).toBe(402)
    expect(await usesOf(code)).toEqual([])
    expect((await pay(second.token, code)).status).toBe(201)
  })

  it('gives the use back when the payment fails', async () => {
    const code = await newCode({ maxUses: 1 })
    const declined = await pay((await t.makeAccount()).token, code, 'pm_card_chargeDeclined')
    expect(declined.status).toBe(402)
    expect(await usesOf(code)).toEqual([])
    const paid = await pay((await t.makeAccount()).token, code)
    expect(paid.status).toBe(201)
    expect(await usesOf(code)).toMatchObject([{ state: 'kept' }])
  })

  it('gives the use back when the order is cancelled', async () => {
    const code = await newCode({ maxUses: 1 })
    const paid = paymentResponse.parse((await pay((await t.makeAccount()).token, code)).body)
    const other = await t.makeAccount()
    expect((await pay(other.token, code)).status).toBe(409)
    const cancel = await t.request('POST', `/sales/${paid.sale.id}/cancel`, {
      token: admin,
      body: { reason: 'Changed mind' },
    })
    expect(cancel.status).toBe(200)
    expect(await usesOf(code)).toEqual([])
    expect((await pay(other.token, code)).status).toBe(201)
  })

  it('counts a two-step payment (3-D Secure, then confirm) once', async () => {
    const code = await newCode({ maxUses: 2 })
    const shopper = await t.makeAccount()
    const started = paymentAction.parse(
      (await pay(shopper.token, code, 'pm_card_authenticationRequired')).body,
    )
    expect((await authenticate(shopper.token, started.client_secret, 'complete')).status).toBe(200)
    const paid = await confirm(shopper.token, started.paymentIntentId)
    expect(paid.status).toBe(201)
    // Confirmed again (a double click, a retried request): still one use.
    expect((await confirm(shopper.token, started.paymentIntentId)).status).toBe(201)
    const uses = await usesOf(code)
    expect(uses).toEqual([{ state: 'kept', saleId: paid.body.sale.id }])
    // The second use is still there for someone.
    expect((await pay((await t.makeAccount()).token, code)).status).toBe(201)
  })
})
