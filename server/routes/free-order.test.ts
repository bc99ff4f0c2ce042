import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../db/schema/audit'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory, recordingPayments, stockInstrument, unitsLeft } from '../test/payment-kit'

// A card provider takes no payment of 0 and none under $0.50 (Stripe refuses both when the
// payment opens): an order a code makes free is paid without the card, one under the smallest
// charge is refused before anything moves, and cancelling a free order asks the provider nothing.

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: string
let shopper: { id: number; token: string }
let capo: number
let pick: number
const recorder = recordingPayments()

beforeAll(async () => {
  t = await createTestApi({ payment: recorder.payment })
  admin = (await t.makeAccount({ rol: 'admin' })).token
  shopper = await t.makeAccount()
  const accessories = await addCategory(t.db, 'Accessories')
  capo = (
    await stockInstrument(t.db, { name: 'Capo', price: 10, stock: 5, categoryId: accessories })
  ).id
  pick = (
    await stockInstrument(t.db, { name: 'Pick', price: 0.4, stock: 5, categoryId: accessories })
  ).id
  const code = await t.request('POST', '/admin/discount-codes', {
    token: admin,
    body: { code: 'ONTHEHOUSE', kind: 'percent', value: 100, maxUses: 1 },
  })
  expect(code.status).toBe(201)
})
afterAll(() => t.close())

const pay = (items: { id: number; count: number }[], discountCode?: string) =>
  t.request('POST', '/payment', {
    token: shopper.token,
    body: { id: 'pm_card_visa', items, userInfo: customer, discountCode },
  })

const usesOfTheCode = async () => {
  const codes = await t.request('GET', '/admin/discount-codes', { token: admin })
  return (codes.body as { code: string; uses: number }[]).find((c) => c.code === 'ONTHEHOUSE')?.uses
}

describe('an order that costs nothing, or less than a card can pay', () => {
  it('refuses a total under $0.50 before any unit leaves the shelf or any payment opens', async () => {
    const res = await pay([{ id: pick, count: 1 }])
    expect(res).toMatchObject({
      status: 409,
      body: { error: 'A card payment is at least $0.50: this order comes to $0.40' },
    })
    expect(await unitsLeft(t.db, pick)).toBe(5)
    expect(recorder.opened).toHaveLength(0)
    // Two picks come to $0.80: a card can pay that.
    expect((await pay([{ id: pick, count: 2 }])).status).toBe(201)
    expect(recorder.opened).toHaveLength(1)
  })

  it('pays an order a code makes free without opening a payment, and its cancel gives the unit and the use back without a refund', async () => {
    const opened = recorder.opened.length
    const res = await pay([{ id: capo, count: 1 }], 'ONTHEHOUSE')
    expect(res).toMatchObject({
      status: 201,
      body: { sale: { status: 'succeeded', cost: 0, subtotal: 10, discount: 10 } },
    })
    const saleId = (res.body as { sale: { id: number } }).sale.id
    expect(recorder.opened).toHaveLength(opened)
    expect(await unitsLeft(t.db, capo)).toBe(4)
    expect(await usesOfTheCode()).toBe(1)
    const mails = await t.outbox()
    expect(mails.map((mail) => mail.subject)).toContain(`Your Instrument Shop order #${saleId}`)

    const cancel = await t.request('POST', `/sales/${saleId}/cancel`, {
      token: admin,
      body: { reason: 'Gift withdrawn' },
    })
    expect(cancel.status).toBe(200)
    expect(await unitsLeft(t.db, capo)).toBe(5)
    expect(await usesOfTheCode()).toBe(0)
    expect(recorder.provider.refunded).toHaveLength(0)
    const order = await t.request('GET', `/sales/${saleId}`, { token: admin })
    expect(order.body).toMatchObject({ status: 'cancelled', refundedCents: 0, refunds: [] })
    const cancelMail = (await t.outbox()).find(
      (mail) => mail.subject === `Your Instrument Shop order #${saleId} was cancelled`,
    )
    expect(cancelMail?.text).toContain('Nothing was left to refund to your card.')
    expect(cancelMail?.text).not.toContain('Your bank may take')
    // The audit trail records the cancel, and no refund beside it.
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'sale.cancel'), eq(auditEvents.entityId, String(saleId))))
    expect(audited?.after).toMatchObject({ fulfilment: 'cancelled' })
    expect(audited?.after).not.toHaveProperty('refund')
  })
})
