import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentResponse } from '../../contract/sales'
import { saleEvents, saleRefunds } from '../db/schema/orders'
import { saleItems, sales } from '../db/schema/sales'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import type { PaymentService } from './provider'
import { REFUND_ANSWER_MS, settleStaleRefunds } from './stale-refunds'
import { createTestPayment } from './test-provider'

const violas = { category: 'Violas', name: 'Viola', brand: 'Stentor', price: 50, stock: 10 }
const MINUTE = 60 * 1000

// The process "dies" between the claim and the provider's answer: the refund call never returns,
// after the provider made the refund ('lost answer') or before it heard of it ('never sent').
describe('a refund whose provider answer never arrived', () => {
  const provider = createTestPayment()
  let dies: 'lost answer' | 'never sent' | null = null
  const dying: PaymentService = {
    ...provider,
    async refund(request) {
      if (dies === 'lost answer') await provider.refund(request)
      if (dies) return new Promise<string>(() => {})
      return provider.refund(request)
    },
  }
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument, stockOf } = paymentShop(violas)
  let buyer: Awaited<ReturnType<typeof open>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>

  beforeAll(async () => {
    t = await createTestApi({ payment: dying })
    buyer = await open(t)
    admin = await t.makeAccount({ rol: 'admin' })
  })
  afterAll(() => t.close())

  async function paidOrder(count: number) {
    const viola = await addInstrument()
    const res = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: 'pm_card_visa', items: [{ id: viola.id, count }], userInfo: customer },
    })
    expect(res.status).toBe(201)
    return { sale: paymentResponse.parse(res.body).sale, viola }
  }

  /** Starts the admin's move and waits for its claim; the request itself never answers. */
  async function claimThenDie(saleId: number, path: string, body: unknown) {
    void t.request('POST', `/sales/${saleId}/${path}`, { token: admin.token, body })
    for (let i = 0; i < 200; i++) {
      const [claim] = await t.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId))
      if (claim) return claim
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('no claim')
  }

  const saleRow = async (id: number) => (await t.db.select().from(sales).where(eq(sales.id, id)))[0]
  const later = (ms: number) => new Date(Date.now() + ms)

  it('is completed when the provider, asked with the same key, made it: restocked, mailed, once', async () => {
    const { sale, viola } = await paidOrder(2)
    dies = 'lost answer'
    const claim = await claimThenDie(sale.id, 'refunds', {
      lines: [{ instrumentId: viola.id, count: 1 }],
      reason: 'One arrived cracked',
      restock: true,
    })
    dies = null
    const refundsMade = provider.refunded.length
    expect((await saleRow(sale.id))?.refundedCents).toBe(5000)

    expect(await settleStaleRefunds(t.deps, later(REFUND_ANSWER_MS - MINUTE))).toBe(0)
    expect(await settleStaleRefunds(t.deps, later(REFUND_ANSWER_MS + MINUTE))).toBe(1)

    expect(provider.refunded.length).toBe(refundsMade)
    const [done] = await t.db.select().from(saleRefunds).where(eq(saleRefunds.id, claim.id))
    expect(done?.providerRefundId).toMatch(/^test_re_/)
    expect(await saleRow(sale.id)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 5000,
    })
    expect(await stockOf(viola.id)).toBe(9)
    const events = await t.db.select().from(saleEvents).where(eq(saleEvents.saleId, sale.id))
    expect(events.map((e) => [e.kind, e.adminId])).toContainEqual(['refunded', admin.id])
    expect(
      (await t.outbox()).some(
        (m) => m.subject.includes(`#${sale.id}`) && /refund/i.test(m.subject),
      ),
    ).toBe(true)
    // Swept once: a second run finds nothing.
    expect(await settleStaleRefunds(t.deps, later(REFUND_ANSWER_MS + 2 * MINUTE))).toBe(0)
  })

  it('is given back when the provider refuses it: money, units and the cancel undone', async () => {
    const { sale, viola } = await paidOrder(2)
    dies = 'never sent'
    const claim = await claimThenDie(sale.id, 'cancel', { reason: 'Out of rosin' })
    dies = null
    expect(await saleRow(sale.id)).toMatchObject({ fulfilment: 'cancelled', refundedCents: 10000 })
    // Meanwhile the whole payment was refunded in the provider's dashboard: nothing is left.
    await provider.refund({
      paymentId: (await saleRow(sale.id))?.paymentId ?? '',
      idempotencyKey: 'dashboard',
    })

    expect(await settleStaleRefunds(t.deps, later(REFUND_ANSWER_MS + MINUTE))).toBe(1)

    expect(await t.db.select().from(saleRefunds).where(eq(saleRefunds.id, claim.id))).toEqual([])
    expect(await saleRow(sale.id)).toMatchObject({
      status: 'succeeded',
      fulfilment: 'unfulfilled',
      refundedCents: 0,
    })
    const [line] = await t.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id))
    expect(line).toMatchObject({ refunded: 0, restocked: 0 })
    expect(await stockOf(viola.id)).toBe(8)
  })

  it('is completed on a cancel the provider makes when asked again: every unit back', async () => {
    const { sale, viola } = await paidOrder(3)
    dies = 'never sent'
    await claimThenDie(sale.id, 'cancel', { reason: 'Buyer changed mind' })
    dies = null

    expect(await settleStaleRefunds(t.deps, later(REFUND_ANSWER_MS + MINUTE))).toBe(1)

    expect(await saleRow(sale.id)).toMatchObject({
      status: 'refunded',
      fulfilment: 'cancelled',
      refundedCents: 15000,
    })
    expect(await stockOf(viola.id)).toBe(10)
    const events = await t.db.select().from(saleEvents).where(eq(saleEvents.saleId, sale.id))
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['cancelled', 'refunded']))
  })
})
