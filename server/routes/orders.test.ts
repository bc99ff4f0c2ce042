import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderChanged, order as orderSchema, refundMade } from '../../contract/orders'
import { paymentResponse } from '../../contract/sales'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'

const cellos = { category: 'Cellos', name: 'Cello', brand: 'Yamaha', price: 100.1, stock: 10 }

describe('orders after the payment: ship, deliver, cancel, refund', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument, stockOf } = paymentShop(cellos)
  let buyer: Awaited<ReturnType<typeof open>>
  let admin: Awaited<ReturnType<Awaited<ReturnType<typeof createTestApi>>['makeAccount']>>

  beforeAll(async () => {
    t = await createTestApi()
    buyer = await open(t)
    admin = await t.makeAccount({ rol: 'admin', userName: 'boss' })
  })
  afterAll(() => t.close())

  /** A paid order of `count` cellos (and one bow when asked); stock starts at 10 each. */
  async function paidOrder(count = 2, withBow = false) {
    const cello = await addInstrument()
    const bow = withBow ? await addInstrument({ price: 20 }) : undefined
    const items = [{ id: cello.id, count }, ...(bow ? [{ id: bow.id, count: 1 }] : [])]
    const res = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: 'pm_card_visa', items, userInfo: customer },
    })
    expect(res.status).toBe(201)
    return { sale: paymentResponse.parse(res.body).sale, cello, bow }
  }

  const act = (id: number, path: string, body?: unknown, token = admin.token) =>
    t.request('POST', `/sales/${id}/${path}`, { token, body: body ?? {} })
  const read = async (id: number, token = admin.token) =>
    t.request('GET', `/sales/${id}`, { token })
  const ship = (id: number) =>
    act(id, 'shipment', {
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      trackingUrl: 'https://dhl.example/JD0001',
    })

  it('ships with a tracking link, then delivers; each step kept with its time and admin', async () => {
    const { sale } = await paidOrder()
    const shipped = await ship(sale.id)
    expect(shipped.status).toBe(200)
    const afterShip = orderChanged.parse(shipped.body).order
    expect(afterShip).toMatchObject({
      status: 'shipped',
      fulfilment: 'shipped',
      actions: ['deliver', 'refund'],
    })
    expect(afterShip.shipment).toMatchObject({
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      trackingUrl: 'https://dhl.example/JD0001',
    })
    const delivered = orderChanged.parse((await act(sale.id, 'delivered')).body).order
    expect(delivered).toMatchObject({ status: 'delivered', actions: ['refund'] })
    expect(delivered.timeline.map((e) => [e.kind, e.admin])).toEqual([
      ['placed', null],
      ['paid', null],
      ['shipped', 'boss'],
      ['delivered', 'boss'],
    ])
    // The shipped mail carries the tracking link and the order page.
    const mail = (await t.outbox()).find((m) => m.subject.includes(`#${sale.id} has shipped`))
    expect(mail?.text).toContain('https://dhl.example/JD0001')
    expect(mail?.text).toContain(`/user/orders/${sale.id}`)
  })

  it('refuses the moves the state does not allow with a 409 that names the state', async () => {
    const { sale } = await paidOrder()
    expect((await act(sale.id, 'delivered')).body).toEqual({
      error: 'This order is succeeded: it cannot be marked delivered',
    })
    await ship(sale.id)
    const again = await ship(sale.id)
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('This order is shipped: it cannot be shipped')
    const cancel = await act(sale.id, 'cancel', { reason: 'Changed mind' })
    expect(cancel.status).toBe(409)
    expect(cancel.body.error).toBe('This order is shipped: it cannot be cancelled')
    await act(sale.id, 'delivered')
    expect((await act(sale.id, 'delivered')).body.error).toBe(
      'This order is delivered: it cannot be marked delivered',
    )
    expect((await act(sale.id, 'cancel', { reason: 'x' })).status).toBe(409)
  })

  it('cancels before shipping: the rest refunded, every unit back, nothing more allowed', async () => {
    const { sale, cello } = await paidOrder(3)
    expect(await stockOf(cello.id)).toBe(7)
    const res = await act(sale.id, 'cancel', { reason: 'Out of rosin' })
    expect(res.status).toBe(200)
    const cancelled = orderChanged.parse(res.body).order
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      fulfilment: 'cancelled',
      actions: [],
      payment: { status: 'refunded', refundedCents: 30_030 },
    })
    expect(await stockOf(cello.id)).toBe(10)
    expect(cancelled.timeline.map((e) => e.kind)).toEqual([
      'placed',
      'paid',
      'cancelled',
      'refunded',
    ])
    expect((await ship(sale.id)).body.error).toBe('This order is cancelled: it cannot be shipped')
    expect((await act(sale.id, 'refunds', { amount: 1, reason: 'x', restock: false })).status).toBe(
      409,
    )
    const mail = (await t.outbox()).find((m) => m.subject.includes(`#${sale.id} was cancelled`))
    expect(mail?.text).toContain('$300.30')
    expect(mail?.text).toContain('Out of rosin')
  })

  it('refunds units at their price and restocks them; a goodwill amount restocks nothing', async () => {
    const { sale, cello } = await paidOrder(2, true)
    const units = await act(sale.id, 'refunds', {
      lines: [{ instrumentId: cello.id, count: 1 }],
      reason: 'Scratched',
      restock: true,
    })
    expect(units.status).toBe(201)
    const made = refundMade.parse(units.body)
    expect(made.refund).toMatchObject({
      amountCents: 10_010,
      restock: true,
      source: 'shop',
      admin: 'boss',
    })
    expect(made.order).toMatchObject({ status: 'partially_refunded', refundedCents: 10_010 })
    expect(made.order.lines.find((l) => l.instrumentId === cello.id)).toMatchObject({
      refunded: 1,
      restocked: 1,
    })
    expect(await stockOf(cello.id)).toBe(9)
    const goodwill = await act(sale.id, 'refunds', { amount: 12.5, reason: 'Late', restock: false })
    expect(refundMade.parse(goodwill.body).order.refundedCents).toBe(11_260)
    // Still paid: it ships, and counts net of refunds.
    expect((await ship(sale.id)).status).toBe(200)
    const mails = (await t.outbox()).filter(
      (m) => m.subject === `A refund on your Instrument Shop order #${sale.id}`,
    )
    expect(mails.map((m) => m.text.includes('$12.50') || m.text.includes('$100.10'))).toEqual([
      true,
      true,
    ])
  })

  it('refuses more than is left: units, money, lines not in the order, and bad input by field', async () => {
    const { sale, cello } = await paidOrder(1)
    const line = (count: number) => ({
      lines: [{ instrumentId: cello.id, count }],
      reason: 'r',
      restock: false,
    })
    expect((await act(sale.id, 'refunds', line(2))).body.error).toBe(
      `Only 1 of ${cello.name} left to refund`,
    )
    expect(
      (await act(sale.id, 'refunds', { amount: 100.11, reason: 'r', restock: false })).body.error,
    ).toBe('Only $100.10 is left to refund')
    const other = await act(sale.id, 'refunds', {
      lines: [{ instrumentId: 999_999, count: 1 }],
      reason: 'r',
      restock: false,
    })
    expect(other.status).toBe(400)
    expect(other.body.field).toBe('lines')
    const bad = [
      [{ reason: 'r', restock: false }, 'lines'],
      [{ amount: 1, reason: 'r', restock: true }, 'restock'],
      [{ amount: 1.234, reason: 'r', restock: false }, 'amount'],
      [{ amount: 1, reason: '', restock: false }, 'reason'],
      [{ amount: 1, reason: 'r' }, 'restock'],
    ] as const
    for (const [body, field] of bad) {
      const res = await act(sale.id, 'refunds', body)
      expect([res.status, res.body.field]).toEqual([400, field])
    }
    expect(
      (
        await act(sale.id, 'shipment', {
          carrier: 'DHL',
          trackingNumber: '1',
          trackingUrl: 'javascript:alert(1)',
        })
      ).body.field,
    ).toBe('trackingUrl')
    expect((await act(sale.id, 'cancel', {})).body.field).toBe('reason')
    expect((await act(sale.id, 'refunds', line(1))).status).toBe(201)
    expect((await act(sale.id, 'refunds', line(1))).body.error).toBe(
      'This order is refunded: it cannot be refunded',
    )
  })

  it('gives two admins refunding at once no more than was paid', async () => {
    const { sale } = await paidOrder(1)
    const other = await t.makeAccount({ rol: 'admin' })
    const refund = (token: string) =>
      act(sale.id, 'refunds', { amount: 60, reason: 'Both at once', restock: false }, token)
    const answers = await Promise.all([refund(admin.token), refund(other.token)])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(answers.find((a) => a.status === 409)?.body.error).toBe('Only $40.10 is left to refund')
    const order = orderSchema.parse((await read(sale.id)).body)
    expect(order.refundedCents).toBe(6000)
    expect(order.refunds).toHaveLength(1)
  })

  it("answers the buyer their own order without admins' names, and another shopper a 404", async () => {
    const { sale } = await paidOrder(1)
    await ship(sale.id)
    const own = await read(sale.id, buyer.token)
    expect(own.status).toBe(200)
    const order = orderSchema.parse(own.body)
    expect(order.actions).toEqual([])
    expect(order.timeline.every((e) => e.admin === null)).toBe(true)
    expect(order.shipment?.trackingNumber).toBe('JD0001')
    const stranger = await t.makeAccount()
    expect((await read(sale.id, stranger.token)).status).toBe(404)
    expect((await read(999_999)).status).toBe(404)
    expect((await read(sale.id, '')).status).toBe(401)
    expect((await act(sale.id, 'delivered', {}, buyer.token)).status).toBe(403)
    expect((await t.request('GET', '/sales/abc', { token: admin.token })).body.field).toBe('id')
  })

  it('lists the headline state and the refunded cents in Historyshops and the purchase history', async () => {
    const { sale } = await paidOrder(1)
    await act(sale.id, 'refunds', { amount: 10, reason: 'r', restock: false })
    const all = await t.request('GET', '/transactions', { token: admin.token })
    expect(all.body.find((s: { id: number }) => s.id === sale.id)).toMatchObject({
      status: 'partially_refunded',
      fulfilment: 'unfulfilled',
      refundedCents: 1000,
    })
  })
})
