import { count, eq, inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesSummary } from '../../contract/back-office'
import { fromCents } from '../../contract/money'
import {
  FULFILMENTS,
  ORDER_STATUSES,
  orderStatus,
  PAID_STATUSES,
  PAYMENT_STATUSES,
} from '../../contract/order-states'
import type { Database } from '../db/client'
import { instruments } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { throttles } from '../db/schema/throttles'
import { customer, customerColumns } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import { paidSale } from './sale-states'
import { salesSummary } from './sales-summary'

// The summary as it was summed straight from every sale and paid line before migration 0018
// (kept here as the oracle): the one read from the triggers' tables must equal it, field for field.
async function summedFromSales(db: Database): Promise<SalesSummary> {
  const [states, top] = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`)
    return Promise.all([
      tx
        .select({
          status: sales.status,
          fulfilment: sales.fulfilment,
          n: count(),
          cents: sql<string>`coalesce(sum(round(${sales.cost} * 100) - ${sales.refundedCents}), 0)`,
          tax: sql<string>`coalesce(sum(${sales.taxCents}), 0)`,
          shipping: sql<string>`coalesce(sum(${sales.shippingCents}), 0)`,
          last: sql<Date | string | null>`max(${sales.createdAt})`,
        })
        .from(sales)
        .groupBy(sales.status, sales.fulfilment),
      tx
        .select({
          name: sql<string>`max(${saleItems.name})`,
          units: sql<string>`sum(${saleItems.count})`,
          allUnits: sql<string>`sum(sum(${saleItems.count})) over ()`,
        })
        .from(saleItems)
        .innerJoin(sales, eq(sales.id, saleItems.saleId))
        .where(paidSale)
        .groupBy(
          saleItems.instrumentId,
          sql`CASE WHEN ${saleItems.instrumentId} IS NULL THEN ${saleItems.name} END`,
        )
        .orderBy(sql`sum(${saleItems.count}) DESC`, sql`1`)
        .limit(10),
    ])
  })
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as SalesSummary['byStatus']
  let all = 0
  let cashCents = 0
  let taxCents = 0
  let shippingCents = 0
  let totalShops = 0
  let lastShop: Date | null = null
  for (const row of states) {
    const status = orderStatus(row.status, row.fulfilment)
    byStatus[status] += row.n
    all += row.n
    if (!PAID_STATUSES.includes(status)) continue
    cashCents += Number(row.cents)
    taxCents += Number(row.tax)
    shippingCents += Number(row.shipping)
    totalShops += row.n
    const last = row.last ? new Date(row.last) : null
    if (last && (!lastShop || last > lastShop)) lastShop = last
  }
  const soldProducts = Number(top[0]?.allUnits ?? 0)
  return {
    cashBalance: fromCents(cashCents),
    taxCollected: fromCents(taxCents),
    shippingCollected: fromCents(shippingCents),
    totalShops,
    soldProducts,
    lastShop: lastShop?.toISOString() ?? null,
    all,
    byStatus,
    topSellers: top.map((row) => ({
      name: row.name,
      'Porcentaje de venta': Math.round((Number(row.units) / soldProducts) * 1000) / 10,
    })),
  }
}

const drums = { category: 'Drums', name: 'Snare', brand: 'Ludwig', price: 10.05, stock: 10_000 }

describe('the sales summary kept by triggers', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument } = paymentShop(drums)
  let buyer: Awaited<ReturnType<typeof open>>
  let admin: Awaited<ReturnType<typeof t.makeAccount>>

  beforeAll(async () => {
    t = await createTestApi()
    buyer = await open(t)
    admin = await t.makeAccount({ rol: 'admin', userName: 'boss' })
    for (let i = 0; i < 4; i++) await addInstrument({ price: 10 + i * 3.35 })
  })
  afterAll(() => t.close())

  const live = async () =>
    (await t.db.select({ id: instruments.id }).from(instruments).orderBy(instruments.id)).map(
      (r) => r.id,
    )
  const saleIds = async (shopOnly: boolean) =>
    (
      await t.db
        .select({ id: sales.id })
        .from(sales)
        .where(shopOnly ? sql`${sales.paymentId} NOT LIKE 'sql_%'` : undefined)
        .orderBy(sales.id)
    ).map((r) => r.id)
  const lineIds = async () =>
    (await t.db.select({ id: saleItems.id }).from(saleItems).orderBy(saleItems.id)).map((r) => r.id)
  const pick = <T>(list: T[], i: number) => list[i % list.length]
  const act = (id: number, path: string, body: unknown) =>
    t.request('POST', `/sales/${id}/${path}`, { token: admin.token, body })

  const write = fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('pay' as const),
        lines: fc.uniqueArray(fc.tuple(fc.nat(9), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 3,
          selector: ([i]) => i,
        }),
        declined: fc.boolean(),
      }),
      weight: 3,
    },
    fc.record({ kind: fc.constant('refundUnit' as const), sale: fc.nat(), line: fc.nat() }),
    fc.record({ kind: fc.constant('refundAmount' as const), sale: fc.nat(), cents: fc.nat(900) }),
    fc.record({ kind: fc.constant('cancel' as const), sale: fc.nat() }),
    { arbitrary: fc.record({ kind: fc.constant('ship' as const), sale: fc.nat() }), weight: 3 },
    fc.record({ kind: fc.constant('deliver' as const), sale: fc.nat() }),
    fc.record({ kind: fc.constant('addInstrument' as const), price: fc.nat(500) }),
    fc.record({ kind: fc.constant('rename' as const), instrument: fc.nat(), name: fc.nat(3) }),
    fc.record({ kind: fc.constant('deleteInstrument' as const), instrument: fc.nat() }),
    fc.record({
      kind: fc.constant('sqlSales' as const),
      rows: fc.array(
        fc.record({
          status: fc.constantFrom(...PAYMENT_STATUSES),
          fulfilment: fc.constantFrom(...FULFILMENTS),
          cents: fc.integer({ min: 1, max: 99_999 }),
          refunded: fc.nat(50),
          lines: fc.array(fc.tuple(fc.nat(9), fc.integer({ min: 1, max: 4 })), { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
    fc.record({
      kind: fc.constant('sqlState' as const),
      every: fc.integer({ min: 1, max: 4 }),
      status: fc.constantFrom(...PAYMENT_STATUSES),
      fulfilment: fc.constantFrom(...FULFILMENTS),
    }),
    fc.record({
      kind: fc.constant('sqlDeleteSales' as const),
      every: fc.integer({ min: 2, max: 5 }),
    }),
    fc.record({
      kind: fc.constant('sqlRecount' as const),
      line: fc.nat(),
      count: fc.integer({ min: 1, max: 5 }),
    }),
    fc.record({ kind: fc.constant('sqlMoveLine' as const), line: fc.nat(), sale: fc.nat() }),
    fc.record({
      kind: fc.constant('sqlDeleteLines' as const),
      every: fc.integer({ min: 2, max: 6 }),
    }),
  )
  type Write = typeof write extends fc.Arbitrary<infer W> ? W : never

  async function apply(w: Write, n: number) {
    const ids = await live()
    // The shop's own actions on the sales it made (the test bank knows no others' payments).
    const shopIds = await saleIds(true)
    const soldIds = await saleIds(false)
    const sale = (i: number) => pick(soldIds, i)
    const shopSale = (i: number) => pick(shopIds, i) as number
    if (w.kind === 'pay' && ids.length) {
      const items = w.lines.map(([i, c]) => ({ id: pick(ids, i) as number, count: c }))
      const unique = [...new Map(items.map((item) => [item.id, item])).values()]
      const card = w.declined ? 'pm_card_chargeDeclined' : 'pm_card_visa'
      await t.request('POST', '/payment', {
        token: buyer.token,
        body: { id: card, items: unique, userInfo: customer },
      })
    } else if (w.kind === 'refundUnit' && shopIds.length) {
      const id = shopSale(w.sale)
      const lines = await t.db.select().from(saleItems).where(eq(saleItems.saleId, id))
      const line = pick(lines, w.line)
      if (line?.instrumentId) {
        const body = {
          lines: [{ instrumentId: line.instrumentId, count: 1 }],
          reason: 'Dented',
          restock: false,
        }
        await act(id, 'refunds', body)
      }
    } else if (w.kind === 'refundAmount' && shopIds.length) {
      const body = { amount: (w.cents + 1) / 100, reason: 'Late', restock: false }
      await act(shopSale(w.sale), 'refunds', body)
    } else if (w.kind === 'cancel' && shopIds.length) {
      await act(shopSale(w.sale), 'cancel', { reason: 'Changed mind' })
    } else if (w.kind === 'ship' && shopIds.length) {
      await act(shopSale(w.sale), 'shipment', { carrier: 'DHL', trackingNumber: `T${n}` })
    } else if (w.kind === 'deliver' && shopIds.length) {
      await act(shopSale(w.sale), 'delivered', {})
    } else if (w.kind === 'addInstrument') {
      await addInstrument({ price: 1 + w.price })
    } else if (w.kind === 'rename' && ids.length) {
      // Lines keep the name they were sold under: one instrument's lines may carry several.
      await t.db
        .update(instruments)
        .set({ name: `Renamed ${w.name}` })
        .where(eq(instruments.id, pick(ids, w.instrument) as number))
    } else if (w.kind === 'deleteInstrument' && ids.length > 1) {
      const id = pick(ids, w.instrument) as number
      await t.request('DELETE', '/instruments', { body: { id }, token: admin.token })
    } else if (w.kind === 'sqlSales') {
      const made = await t.db
        .insert(sales)
        .values(
          w.rows.map((r, i) => ({
            status: r.status,
            fulfilment: r.fulfilment,
            cost: r.cents / 100,
            refundedCents: Math.min(r.refunded, r.cents),
            paymentId: `sql_${n}_${i}`,
            ...customerColumns,
            createdAt: new Date(Date.UTC(2026, 0, 1 + ((n * 7 + i) % 300))),
          })),
        )
        .returning({ id: sales.id })
      const lines = w.rows.flatMap((r, i) =>
        r.lines.map(([k, c]) => {
          const instrumentId = ids.length ? (pick(ids, k) as number) : null
          return {
            saleId: made[i]?.id as number,
            instrumentId,
            name: instrumentId ? `Snare ${k % 4}` : `Gone ${k % 3}`,
            brand: 'Ludwig',
            img: '/images/x.webp',
            price: 10,
            count: c,
          }
        }),
      )
      if (lines.length) await t.db.insert(saleItems).values(lines)
    } else if (w.kind === 'sqlState' && soldIds.length) {
      await t.db
        .update(sales)
        .set({ status: w.status, fulfilment: w.fulfilment })
        .where(sql`${sales.id} % ${w.every} = ${n % w.every}`)
    } else if (w.kind === 'sqlDeleteSales' && soldIds.length) {
      await t.db.delete(sales).where(sql`${sales.id} % ${w.every} = 0`)
    } else if (w.kind === 'sqlRecount') {
      const line = pick(await lineIds(), w.line)
      if (line) {
        await t.db
          .update(saleItems)
          .set({ count: w.count, refunded: 0, restocked: 0 })
          .where(eq(saleItems.id, line))
      }
    } else if (w.kind === 'sqlMoveLine' && soldIds.length) {
      const line = pick(await lineIds(), w.line)
      if (line) {
        await t.db
          .update(saleItems)
          .set({ saleId: sale(w.sale) as number })
          .where(eq(saleItems.id, line))
      }
    } else if (w.kind === 'sqlDeleteLines') {
      const lines = (await lineIds()).filter((_, i) => i % w.every === 0)
      if (lines.length) await t.db.delete(saleItems).where(inArray(saleItems.id, lines))
    }
  }

  // What the runs reached, so a generator that stopped reaching a case is noticed.
  const reached = new Set<string>()
  async function note(summary: SalesSummary) {
    if (summary.topSellers.length > 1) reached.add('top sellers')
    if (summary.all > summary.totalShops && summary.totalShops > 0) reached.add('paid and unpaid')
    const [row] = await t.db
      .select({
        gone: sql<number>`count(*) FILTER (WHERE ${saleItems.instrumentId} IS NULL)::int`,
        shop: sql<number>`count(*) FILTER (WHERE ${sales.paymentId} NOT LIKE 'sql_%' AND ${sales.refundedCents} > 0)::int`,
        shipped: sql<number>`count(*) FILTER (WHERE ${sales.fulfilment} IN ('shipped', 'delivered') AND ${sales.paymentId} NOT LIKE 'sql_%')::int`,
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(paidSale)
    if (row?.gone) reached.add("a deleted instrument's paid lines")
    if (row?.shop) reached.add('a refund through the shop')
    if (row?.shipped) reached.add('a shipment through the shop')
  }

  it('equals the summary summed from every sale after any sequence of writes', async () => {
    expect(await salesSummary(t.db)).toEqual(await summedFromSales(t.db))
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        // Five declined cards an hour lock the buyer out of paying (throttle-rules.ts). Across a
        // hundred runs that happened early in some seeds, the shop made no sale of its own, and
        // its refunds and shipments were never reached: each run starts with no count held.
        await t.db.delete(throttles)
        for (const w of writes) {
          n += 1
          await apply(w, n)
          const kept = await salesSummary(t.db)
          expect(kept).toEqual(await summedFromSales(t.db))
          await note(kept)
        }
      }),
      // A fixed seed: the check below is about the generator's reach, which chance alone missed
      // once in CI (no shipment in a hundred runs).
      { numRuns: 100, seed: 2026 },
    )
    expect([...reached].sort(), 'cases the writes reached').toEqual([
      "a deleted instrument's paid lines",
      'a refund through the shop',
      'a shipment through the shop',
      'paid and unpaid',
      'top sellers',
    ])
  }, 240_000)

  it('tells a left-out trigger from a kept one', async () => {
    const [paid] = await t.db
      .insert(sales)
      .values({
        status: 'succeeded',
        cost: 20,
        paymentId: 'sql_left_out',
        ...customerColumns,
      })
      .returning({ id: sales.id })
    if (!paid) throw new Error('sale not inserted')
    expect(await salesSummary(t.db)).toEqual(await summedFromSales(t.db))
    const line = {
      saleId: paid.id,
      instrumentId: null,
      name: 'Left out',
      brand: 'Ludwig',
      img: '/images/x.webp',
      price: 10,
      count: 2,
    }
    await t.db.execute(sql`ALTER TABLE sale_items DISABLE TRIGGER sales_sellers_lines_add`)
    try {
      await t.db.insert(saleItems).values(line)
      expect(await salesSummary(t.db)).not.toEqual(await summedFromSales(t.db))
    } finally {
      await t.db.execute(sql`ALTER TABLE sale_items ENABLE TRIGGER sales_sellers_lines_add`)
    }
  })
})
