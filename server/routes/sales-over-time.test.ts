import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesOverTime } from '../../contract/sales-over-time'
import { saleItems, sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'
import { addCategory, stockInstrument } from '../test/payment-kit'

type Payment = typeof sales.$inferInsert.status
type Fulfilment = typeof sales.$inferInsert.fulfilment
interface Line {
  instrumentId: number | null
  name: string
  price: number
  count: number
  refunded?: number
}

describe('GET /sales/over-time', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>
  let shopper: Awaited<ReturnType<typeof t.makeAccount>>
  const ids = { strat: 0, capo: 0 }

  /** A sale made at `at` (UTC), its lines and what was refunded of it. */
  async function sale(
    at: string,
    lines: Line[],
    opts: { status?: Payment; fulfilment?: Fulfilment; refundedCents?: number } = {},
  ) {
    const cost = lines.reduce((sum, l) => sum + l.price * l.count, 0)
    const [row] = await t.db
      .insert(sales)
      .values({
        status: opts.status ?? 'succeeded',
        fulfilment: opts.fulfilment ?? 'unfulfilled',
        refundedCents: opts.refundedCents ?? 0,
        cost,
        userId: shopper.id,
        paymentId: `pi_${at}`,
        cusName: 'Ana Pérez',
        cusEmail: 'ana@example.com',
        cusPhone: '1134567890',
        cusAddress: 'Calle 1',
        cusCity: 'Córdoba',
        cusCountry: 'Argentina',
        cusZip: '5000',
        createdAt: new Date(at),
      })
      .returning({ id: sales.id })
    if (!row) throw new Error('sale not inserted')
    await t.db.insert(saleItems).values(
      lines.map((l) => ({
        saleId: row.id,
        instrumentId: l.instrumentId,
        name: l.name,
        brand: 'Brand',
        img: '/images/x.webp',
        price: l.price,
        count: l.count,
        refunded: l.refunded ?? 0,
      })),
    )
  }

  beforeAll(async () => {
    t = await createTestApi()
    admin = await t.makeAccount({ rol: 'admin' })
    shopper = await t.makeAccount()
    const categoryId = await addCategory(t.db, 'Guitars')
    ids.strat = (
      await stockInstrument(t.db, { name: 'Strat', price: 1200.5, stock: 5, categoryId })
    ).id
    ids.capo = (
      await stockInstrument(t.db, { name: 'Capo', price: 19.99, stock: 50, categoryId })
    ).id
    const strat = { instrumentId: ids.strat, name: 'Strat', price: 1200.5 }
    const capo = { instrumentId: ids.capo, name: 'Capo', price: 19.99 }
    // Saturday 28 February and Sunday 1 March 2026: the week of Monday 23 February.
    await sale('2026-02-28T10:00:00Z', [{ ...capo, count: 3 }])
    // A strat and a capo, the capo refunded: $1,200.50 net.
    await sale(
      '2026-03-01T23:30:00Z',
      [
        { ...strat, count: 1 },
        { ...capo, count: 1, refunded: 1 },
      ],
      {
        status: 'partially_refunded',
        refundedCents: 1999,
      },
    )
    // Monday 2 March, half an hour later: the next week.
    await sale('2026-03-02T00:00:00Z', [{ ...capo, count: 2 }])
    // A deleted instrument, kept by name.
    await sale('2026-03-02T12:00:00Z', [
      { instrumentId: null, name: 'Old Banjo', price: 300, count: 1 },
    ])
    // None of these is revenue: pending, failed, cancelled (refunded whole) and refunded.
    await sale('2026-03-02T13:00:00Z', [{ ...strat, count: 1 }], { status: 'pending' })
    await sale('2026-03-02T14:00:00Z', [{ ...strat, count: 1 }], { status: 'failed' })
    await sale('2026-03-02T15:00:00Z', [{ ...strat, count: 1, refunded: 1 }], {
      status: 'refunded',
      fulfilment: 'cancelled',
      refundedCents: 120050,
    })
    await sale('2026-03-02T16:00:00Z', [{ ...capo, count: 1, refunded: 1 }], {
      status: 'refunded',
      refundedCents: 1999,
    })
    // After the period.
    await sale('2026-03-04T00:00:00Z', [{ ...strat, count: 1 }])
  })
  afterAll(() => t.close())

  const ask = (query: string, token = admin.token) =>
    t.request('GET', `/sales/over-time?${query}`, { token })

  it('counts revenue net of refunds, orders and the average per day, empty days included', async () => {
    const res = await ask('from=2026-02-28&to=2026-03-03&by=day')
    expect(res.status).toBe(200)
    const answer = salesOverTime.parse(res.body)
    expect(answer.periods).toEqual([
      {
        start: '2026-02-28',
        revenueCents: 5997,
        orders: 1,
        averageOrderCents: 5997,
        taxCents: 0,
        shippingCents: 0,
      },
      {
        start: '2026-03-01',
        revenueCents: 120050,
        orders: 1,
        averageOrderCents: 120050,
        taxCents: 0,
        shippingCents: 0,
      },
      {
        start: '2026-03-02',
        revenueCents: 33998,
        orders: 2,
        averageOrderCents: 16999,
        taxCents: 0,
        shippingCents: 0,
      },
      {
        start: '2026-03-03',
        revenueCents: 0,
        orders: 0,
        averageOrderCents: 0,
        taxCents: 0,
        shippingCents: 0,
      },
    ])
    expect(answer.totals).toEqual({
      revenueCents: 160045,
      orders: 4,
      averageOrderCents: 40011,
      taxCents: 0,
      shippingCents: 0,
    })
  })

  it('puts Sunday 23:30 UTC in the week before Monday 00:00 UTC (weeks start on Monday)', async () => {
    const answer = salesOverTime.parse((await ask('from=2026-02-28&to=2026-03-03&by=week')).body)
    expect(answer.periods).toEqual([
      {
        start: '2026-02-23',
        revenueCents: 126047,
        orders: 2,
        averageOrderCents: 63024,
        taxCents: 0,
        shippingCents: 0,
      },
      {
        start: '2026-03-02',
        revenueCents: 33998,
        orders: 2,
        averageOrderCents: 16999,
        taxCents: 0,
        shippingCents: 0,
      },
    ])
  })

  it('groups by month', async () => {
    const answer = salesOverTime.parse((await ask('from=2026-02-01&to=2026-03-31&by=month')).body)
    expect(answer.periods.map((p) => [p.start, p.revenueCents, p.orders])).toEqual([
      ['2026-02-01', 5997, 1],
      ['2026-03-01', 154048 + 120050, 4],
    ])
  })

  it('ranks the instruments by revenue of the units not refunded, a deleted one by name', async () => {
    const answer = salesOverTime.parse((await ask('from=2026-02-28&to=2026-03-03')).body)
    expect(answer.by).toBe('day')
    expect(answer.topInstruments).toEqual([
      { instrumentId: ids.strat, name: 'Strat', revenueCents: 120050, units: 1 },
      { instrumentId: null, name: 'Old Banjo', revenueCents: 30000, units: 1 },
      { instrumentId: ids.capo, name: 'Capo', revenueCents: 9995, units: 5 },
    ])
  })

  it.each([
    ['to=2026-03-03', 'from', 'from: '],
    ['from=2026-3-1&to=2026-03-03', 'from', 'from: must be a date written YYYY-MM-DD'],
    ['from=2026-02-30&to=2026-03-03', 'from', 'from: must be a date of the calendar'],
    ['from=2026-03-03&to=2026-03-01', 'to', 'to: must not be before from'],
    ['from=2026-03-01&to=2026-03-03&by=year', 'by', 'by: '],
    ['from=2025-01-01&to=2026-01-02&by=day', 'to', 'to: the period is at most 366 days by day'],
    [
      'from=2023-01-01&to=2026-01-02&by=month',
      'to',
      'to: the period is at most 1096 days by month',
    ],
  ])('answers 400 naming the field for %s', async (query, field, error) => {
    const res = await ask(query)
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
    expect(res.body.error).toContain(error)
  })

  it('is for admins only', async () => {
    expect((await ask('from=2026-03-01&to=2026-03-03', shopper.token)).status).toBe(403)
    expect((await t.request('GET', '/sales/over-time?from=2026-03-01&to=2026-03-03')).status).toBe(
      401,
    )
  })
})
