import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { orderChanged, order as orderSchema, refundMade } from '../../contract/orders'
import { paymentResponse } from '../../contract/sales'
import { saleRefunds } from '../db/schema/orders'
import { REFUND_PENDING } from '../routes/orders'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import type { PaymentService } from './provider'
import { KEY_REUSED } from './refund'
import { REFUND_ANSWER_MS, settleStaleRefunds } from './stale-refunds'
import { createTestPayment } from './test-provider'

const basses = { category: 'Basses', name: 'Bass', brand: 'Fender', price: 80, stock: 10 }

// A refund or cancel happens once: a retried request replays the first outcome, and once the
// provider may have refunded, the claim is never given back for a second refund to be made.
describe('refunds and cancels, retried or failing half-way', () => {
  const provider = createTestPayment()
  let asked = 0
  /** What happens after the provider's answer (or instead of it), once. */
  let next: 'finish fails' | 'answer lost' | null = null
  let t: Awaited<ReturnType<typeof createTestApi>>
  const counting: PaymentService = {
    ...provider,
    async refund(request) {
      asked += 1
      const made = await provider.refund(request)
      const now = next
      next = null
      if (now === 'answer lost') {
        throw new Stripe.errors.StripeConnectionError({ message: 'socket hang up' })
      }
      // The finishing transaction fails: a lock timeout, a restart.
      if (now === 'finish fails') {
        vi.spyOn(t.db, 'transaction').mockRejectedValueOnce(new Error('lock timeout'))
      }
      return made
    },
  }
  const { open, addInstrument, stockOf } = paymentShop(basses)
  let buyer: Awaited<ReturnType<typeof open>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>

  beforeAll(async () => {
    t = await createTestApi({ payment: counting })
    buyer = await open(t)
    admin = await t.makeAccount({ rol: 'admin' })
  })
  afterEach(() => {
    asked = 0
    vi.restoreAllMocks()
  })
  afterAll(() => t.close())

  async function paidOrder(count: number) {
    const bass = await addInstrument()
    const res = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: 'pm_card_visa', items: [{ id: bass.id, count }], userInfo: customer },
    })
    expect(res.status).toBe(201)
    return { sale: paymentResponse.parse(res.body).sale, bass }
  }
  const act = (id: number, path: 'refunds' | 'cancel', body: unknown, key?: string) =>
    t.request('POST', `/sales/${id}/${path}`, {
      token: admin.token,
      body,
      headers: key ? { 'Idempotency-Key': key } : {},
    })
  const refundedCents = async (id: number) =>
    orderSchema.parse((await t.request('GET', `/sales/${id}`, { token: admin.token })).body)
      .refundedCents
  const refundRows = (saleId: number) =>
    t.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId))

  it('replays a refund retried with its key: the provider asked once, money and stock back once', async () => {
    const { sale, bass } = await paidOrder(2)
    const body = { lines: [{ instrumentId: bass.id, count: 1 }], reason: 'Dented', restock: true }
    const first = await act(sale.id, 'refunds', body, 'key-replay')
    const again = await act(sale.id, 'refunds', body, 'key-replay')
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(refundMade.parse(again.body).refund.id).toBe(refundMade.parse(first.body).refund.id)
    expect(asked).toBe(1)
    expect(await refundedCents(sale.id)).toBe(8_000)
    expect(await stockOf(bass.id)).toBe(9)
    expect(await refundRows(sale.id)).toHaveLength(1)
  })

  it('refuses the same key with another body with a 409, changing nothing', async () => {
    const { sale, bass } = await paidOrder(2)
    const one = { lines: [{ instrumentId: bass.id, count: 1 }], reason: 'Dented', restock: true }
    expect((await act(sale.id, 'refunds', one, 'key-other')).status).toBe(201)
    const other = await act(sale.id, 'refunds', { ...one, reason: 'Scratched' }, 'key-other')
    expect(other.status).toBe(409)
    expect(other.body.error).toBe(KEY_REUSED)
    const elsewhere = await paidOrder(1)
    expect((await act(elsewhere.sale.id, 'refunds', one, 'key-other')).status).toBe(409)
    expect(asked).toBe(1)
    expect(await refundedCents(sale.id)).toBe(8_000)
    expect(await refundedCents(elsewhere.sale.id)).toBe(0)
  })

  it('keeps a refund the provider made when recording it fails: 202, then the sweep finishes it once', async () => {
    const { sale, bass } = await paidOrder(2)
    const body = { lines: [{ instrumentId: bass.id, count: 2 }], reason: 'Broken', restock: true }
    const refundsBefore = provider.refunded.length
    next = 'finish fails'
    const first = await act(sale.id, 'refunds', body, 'key-half-way')
    expect(first.status).toBe(202)
    expect(orderChanged.parse(first.body).ok).toBe(REFUND_PENDING)
    // The admin retries: told the same, and no money leaves again.
    const retry = await act(sale.id, 'refunds', body, 'key-half-way')
    expect(retry.status).toBe(202)
    // Without the key, the claim still stands: nothing is left to refund.
    expect((await act(sale.id, 'refunds', body)).status).toBe(409)
    expect(asked).toBe(1)
    expect(await stockOf(bass.id)).toBe(8)

    const later = new Date(Date.now() + REFUND_ANSWER_MS + 60_000)
    expect(await settleStaleRefunds(t.deps, later)).toBe(1)
    expect(await settleStaleRefunds(t.deps, later)).toBe(0)
    expect(provider.refunded.length - refundsBefore).toBe(1)
    expect(await refundedCents(sale.id)).toBe(16_000)
    expect(await stockOf(bass.id)).toBe(10)
    const done = await act(sale.id, 'refunds', body, 'key-half-way')
    expect(done.status).toBe(201)
    expect(refundMade.parse(done.body).order.status).toBe('refunded')
  })

  it('keeps a cancel whose provider answer was lost, and its retry cancels nothing twice', async () => {
    const { sale, bass } = await paidOrder(3)
    const refundsBefore = provider.refunded.length
    next = 'answer lost'
    const first = await act(sale.id, 'cancel', { reason: 'Out of stock' }, 'key-cancel')
    expect(first.status).toBe(202)
    const retry = await act(sale.id, 'cancel', { reason: 'Out of stock' }, 'key-cancel')
    expect(retry.status).toBe(202)
    expect(asked).toBe(1)

    const later = new Date(Date.now() + REFUND_ANSWER_MS + 60_000)
    expect(await settleStaleRefunds(t.deps, later)).toBe(1)
    // The sweep asked with the claim's own key: the provider answered the refund it had made.
    expect(asked).toBe(2)
    expect(provider.refunded.length - refundsBefore).toBe(1)
    expect(await stockOf(bass.id)).toBe(10)
    const done = await act(sale.id, 'cancel', { reason: 'Out of stock' }, 'key-cancel')
    expect(done.status).toBe(200)
    expect(orderChanged.parse(done.body).order).toMatchObject({
      status: 'cancelled',
      refundedCents: 24_000,
    })
  })

  it('gives the claim back when the provider plainly refuses, so a retry may try again', async () => {
    const { sale } = await paidOrder(1)
    vi.spyOn(provider, 'refund').mockRejectedValueOnce(new Error('charge_disputed'))
    const refused = await act(sale.id, 'cancel', { reason: 'Changed mind' }, 'key-refused')
    expect(refused.status).toBe(502)
    expect(await refundRows(sale.id)).toHaveLength(0)
    expect(await refundedCents(sale.id)).toBe(0)
    expect((await act(sale.id, 'cancel', { reason: 'Changed mind' }, 'key-refused')).status).toBe(
      200,
    )
  })

  it('answers a 400 naming the header for an empty or overlong key', async () => {
    const { sale } = await paidOrder(1)
    const res = await act(sale.id, 'cancel', { reason: 'x' }, 'k'.repeat(201))
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('Idempotency-Key')
    expect(await refundedCents(sale.id)).toBe(0)
  })
})
