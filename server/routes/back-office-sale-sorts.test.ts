import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSalePage, SALE_SORTS } from '../../contract/back-office'
import { sales } from '../db/schema/sales'
import { customerColumns } from '../test/fixtures'
import { createTestApi } from '../test/harness'

// Historyshops' sorts are read from migration 0020's indexes; whatever the plan, the admin sees
// every sale once, in the column's order either way, ties by number (docs/product.md §4).
type Row = {
  status: 'succeeded' | 'failed' | 'refunded'
  fulfilment: 'unfulfilled' | 'shipped' | 'cancelled'
  cost: number
  cusName: string
  cusCountry: string
  day: number
}

// 30 sales, so Historyshops has two pages; every key has ties, names and countries differ in case
// only (letters only, so any collation orders them as here), costs would sort otherwise as text.
const ROWS: Row[] = Array.from({ length: 30 }, (_, n) => ({
  status: (['succeeded', 'failed', 'refunded'] as const)[n % 3] ?? 'succeeded',
  fulfilment:
    (['unfulfilled', 'shipped', 'cancelled'] as const)[Math.floor(n / 3) % 3] ?? 'shipped',
  cost: [9.99, 100, 50.5, 100, 1000][n % 5] ?? 1,
  cusName: ['ana', 'Bruno', 'ANA', 'carla', 'bruno', 'Dora'][n % 6] ?? 'x',
  cusCountry: ['Spain', 'uk', 'UK', 'peru', 'Colombia'][n % 5] ?? 'x',
  day: [3, 1, 2, 1][n % 4] ?? 0,
}))

const keyOf: Record<(typeof SALE_SORTS)[number], (row: Row, id: number) => (string | number)[]> = {
  id: (_row, id) => [id],
  createdAt: (row) => [row.day],
  status: (row) => [row.status, row.fulfilment],
  cost: (row) => [row.cost],
  cus_name: (row) => [row.cusName.toLowerCase()],
  cus_country: (row) => [row.cusCountry.toLowerCase()],
}

function expectedOrder(ids: number[], sort: (typeof SALE_SORTS)[number], dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1
  const keyed = ids.map((id, n) => ({ id, key: [...keyOf[sort](ROWS[n] as Row, id), id] }))
  keyed.sort((a, b) => {
    for (let k = 0; k < a.key.length; k++) {
      const x = a.key[k] as string | number
      const y = b.key[k] as string | number
      if (x !== y) return x < y ? -sign : sign
    }
    return 0
  })
  return keyed.map((row) => row.id)
}

describe('Historyshops sorted by each column', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let token = ''
  let ids: number[] = []

  beforeAll(async () => {
    t = await createTestApi()
    token = (await t.makeAccount({ rol: 'admin' })).token
    const inserted = await t.db
      .insert(sales)
      .values(
        ROWS.map((row) => ({
          ...customerColumns,
          status: row.status,
          fulfilment: row.fulfilment,
          cost: row.cost,
          cusName: row.cusName,
          cusCountry: row.cusCountry,
          createdAt: new Date(Date.UTC(2026, 10, row.day, 10)),
        })),
      )
      .returning({ id: sales.id })
    ids = inserted.map((row) => row.id)
  })
  afterAll(() => t.close())

  const pageOf = async (query: string) => {
    const res = await t.request('GET', `/admin/sales?${query}`, { token })
    expect(res.status).toBe(200)
    return adminSalePage.parse(res.body)
  }

  for (const sort of SALE_SORTS) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`by ${sort} ${dir}, ties by number, over two pages`, async () => {
        const first = await pageOf(`sort=${sort}&dir=${dir}`)
        const second = await pageOf(`sort=${sort}&dir=${dir}&page=2`)
        expect(first).toMatchObject({ total: 30, pages: 2 })
        expect([...first.items, ...second.items].map((sale) => sale.id)).toEqual(
          expectedOrder(ids, sort, dir),
        )
      })
    }
  }

  it('keeps the order within a status filter', async () => {
    const shipped = await pageOf('status=shipped&sort=cus_name&dir=desc')
    const expected = expectedOrder(ids, 'cus_name', 'desc').filter((id) => {
      const row = ROWS[ids.indexOf(id)] as Row
      return row.status === 'succeeded' && row.fulfilment === 'shipped'
    })
    expect(expected.length).toBeGreaterThan(1)
    expect(shipped.items.map((sale) => sale.id)).toEqual(expected)
  })
})
