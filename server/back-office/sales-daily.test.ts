import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentResponse } from '../../contract/sales'
import { saleItems, sales } from '../db/schema/sales'
import { salesDaily, salesDailyInstruments } from '../db/schema/sales-daily'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import { paidSale } from './sale-states'

const violins = { category: 'Violins', name: 'Violin', brand: 'Stentor', price: 150.35, stock: 20 }

// Migration 0014's triggers keep sales_daily and sales_daily_instruments; these compare them with
// the sums made straight from the sales and lines after each kind of write the shop makes.
describe('the sales rollups kept by triggers', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument } = paymentShop(violins)
  let buyer: Awaited<ReturnType<typeof open>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>

  beforeAll(async () => {
    t = await createTestApi()
    buyer = await open(t)
    admin = await t.makeAccount({ rol: 'admin', userName: 'boss' })
  })
  afterAll(() => t.close())

  async function pay(items: { id: number; count: number }[], card = 'pm_card_visa') {
    const res = await t.request('POST', '/payment', {
      token: buyer.token,
      body: { id: card, items, userInfo: customer },
    })
    return {
      status: res.status,
      sale: res.status === 201 ? paymentResponse.parse(res.body).sale : undefined,
    }
  }
  const act = (id: number, path: string, body: unknown) =>
    t.request('POST', `/sales/${id}/${path}`, { token: admin.token, body })

  const day = sql<string>`to_char(${sales.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const units = sql`${saleItems.count} - ${saleItems.refunded}`
  const nonZero = <T extends { units?: number; orders?: number; revenueCents: number }>(
    rows: T[],
  ) => rows.filter((r) => r.revenueCents !== 0 || (r.units ?? r.orders) !== 0)
  const byKey = <T>(rows: T[]) =>
    [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

  /** The rollups and the direct sums, as two pairs of comparable lists. */
  async function both() {
    const kept = await t.db
      .select({
        day: sql<string>`${salesDaily.day}::text`,
        orders: salesDaily.orders,
        revenueCents: sql<number>`${salesDaily.revenueCents}::float8`,
        taxCents: sql<number>`${salesDaily.taxCents}::float8`,
        shippingCents: sql<number>`${salesDaily.shippingCents}::float8`,
      })
      .from(salesDaily)
    const direct = await t.db
      .select({
        day,
        orders: sql<number>`count(*)::int`,
        revenueCents: sql<number>`(round(sum(${sales.cost}) * 100) - sum(${sales.refundedCents}))::float8`,
        taxCents: sql<number>`sum(${sales.taxCents})::float8`,
        shippingCents: sql<number>`sum(${sales.shippingCents})::float8`,
      })
      .from(sales)
      .where(paidSale)
      .groupBy(day)
    const keptLines = await t.db
      .select({
        day: sql<string>`${salesDailyInstruments.day}::text`,
        instrumentId: salesDailyInstruments.instrumentId,
        deletedName: salesDailyInstruments.deletedName,
        units: salesDailyInstruments.units,
        revenueCents: sql<number>`${salesDailyInstruments.revenueCents}::float8`,
      })
      .from(salesDailyInstruments)
    const deletedName = sql<
      string | null
    >`case when ${saleItems.instrumentId} is null then ${saleItems.name} end`
    const directLines = await t.db
      .select({
        day,
        instrumentId: saleItems.instrumentId,
        deletedName,
        units: sql<number>`sum(${units})::int`,
        revenueCents: sql<number>`round(sum((${units}) * ${saleItems.price}) * 100)::float8`,
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(paidSale)
      .groupBy(day, saleItems.instrumentId, deletedName)
    return {
      days: [byKey(nonZero(kept)), byKey(nonZero(direct))],
      lines: [byKey(nonZero(keptLines)), byKey(nonZero(directLines))],
    }
  }
  async function expectAgreement() {
    const { days, lines } = await both()
    expect(days[0]).toEqual(days[1])
    expect(lines[0]).toEqual(lines[1])
    return { days: days[0] ?? [], lines: lines[0] ?? [] }
  }

  it('agrees after payments, a declined card, refunds of units and of an amount, and a cancel', async () => {
    const a = await addInstrument()
    const b = await addInstrument({ price: 20.05 })
    const first = await pay([
      { id: a.id, count: 2 },
      { id: b.id, count: 1 },
    ])
    const second = await pay([{ id: a.id, count: 1 }])
    const third = await pay([{ id: b.id, count: 3 }])
    expect(await pay([{ id: a.id, count: 1 }], 'pm_card_chargeDeclined')).toMatchObject({
      status: 402,
    })
    if (!first.sale || !second.sale || !third.sale) throw new Error('a payment failed')
    const paid = await expectAgreement()
    expect(paid.days.reduce((n, d) => n + (d.orders ?? 0), 0)).toBe(3)

    const unitsBack = await act(first.sale.id, 'refunds', {
      lines: [{ instrumentId: a.id, count: 1 }],
      reason: 'Scratched',
      restock: true,
    })
    expect(unitsBack.status).toBe(201)
    expect(
      (await act(first.sale.id, 'refunds', { amount: 5.5, reason: 'Late', restock: false })).status,
    ).toBe(201)
    await expectAgreement()

    expect((await act(second.sale.id, 'cancel', { reason: 'Out of rosin' })).status).toBe(200)
    const all = await act(third.sale.id, 'refunds', {
      lines: [{ instrumentId: b.id, count: 3 }],
      reason: 'Wrong size',
      restock: true,
    })
    expect(all.status).toBe(201)
    const after = await expectAgreement()
    // The first sale alone still counts: 2 violins and a bow, less one violin and $5.50.
    expect(after.days.map((d) => [d.orders, d.revenueCents])).toEqual([[1, 15_035 + 2_005 - 550]])
  })

  it('agrees after an instrument is deleted, a sale moves to another day, and a sale is deleted', async () => {
    const c = await addInstrument({ price: 99.99 })
    const sold = await pay([{ id: c.id, count: 2 }])
    const other = await pay([{ id: c.id, count: 1 }])
    if (!sold.sale || !other.sale) throw new Error('a payment failed')
    expect(
      (await t.request('DELETE', '/instruments', { body: { id: c.id }, token: admin.token }))
        .status,
    ).toBe(200)
    const deleted = await expectAgreement()
    expect(deleted.lines.find((l) => l.deletedName === c.name)).toMatchObject({
      instrumentId: null,
      units: 3,
    })

    await t.db
      .update(sales)
      .set({ createdAt: new Date('2025-03-01T23:30:00Z') })
      .where(eq(sales.id, sold.sale.id))
    await t.db.delete(sales).where(and(eq(sales.id, other.sale.id)))
    const moved = await expectAgreement()
    expect(moved.days.find((d) => d.day === '2025-03-01')).toMatchObject({
      orders: 1,
      revenueCents: 19_998,
    })
  })
})
