import type {
  AdminInstrument,
  AdminSaleRow,
  SalesSummary,
  StockLevel,
} from '../../contract/back-office'
import type { Instrument } from '../../contract/catalog'
import { fromCents, toCents } from '../../contract/money'
import { isPaid, ORDER_STATUSES } from '../../contract/order-states'
import type { Sale } from '../../contract/sales'
import type { Account } from '../../contract/users'
import { summarizeSales, topSellers } from '../features/admin/sales-stats'

// The back office's paged tables as the server answers them (server/back-office/admin-lists.ts),
// over rows in memory: for the mock backend and the component tests. 25 rows a page.
const PAGE_SIZE = 25

type Query = Record<string, string | undefined>

function page<Row>(all: number, rows: Row[], query: Query) {
  const pageNumber = Math.max(1, Number(query.page) || 1)
  return {
    items: rows.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE),
    total: rows.length,
    totalCapped: false,
    all,
    page: pageNumber,
    pages: Math.ceil(rows.length / PAGE_SIZE),
    pageSize: PAGE_SIZE,
  }
}

const contains = (text: string, q?: string) =>
  !q?.trim() || text.toLowerCase().includes(q.toLowerCase())

function sorted<Row>(rows: Row[], key: (row: Row) => unknown, dir?: string) {
  const sign = dir === 'desc' ? -1 : 1
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    if (typeof x === 'string' && typeof y === 'string') return sign * x.localeCompare(y)
    return sign * (Number(x) - Number(y))
  })
}

export const DEFAULT_LOW_STOCK = 5

const level = (stock: number, threshold: number): StockLevel =>
  stock === 0 ? 'out' : stock <= threshold ? 'low' : 'ok'

export function adminInstrumentRows(
  instruments: (Instrument & { lowStockThreshold?: number | null })[],
  query: Query,
  shopDefault = DEFAULT_LOW_STOCK,
) {
  const rows: AdminInstrument[] = instruments.map(({ description: _, ...i }) => {
    const threshold = i.lowStockThreshold ?? shopDefault
    return {
      ...i,
      lowStockThreshold: i.lowStockThreshold ?? null,
      threshold,
      stockLevel: level(i.stock, threshold),
    }
  })
  const wanted = (r: AdminInstrument) =>
    !query.stock ||
    (query.stock === 'low-or-out' ? r.stockLevel !== 'ok' : r.stockLevel === query.stock)
  const found = rows.filter((r) => contains(r.name, query.q) && wanted(r))
  const key = (query.sort ?? 'id') as 'id' | 'img' | 'name' | 'stock' | 'isBanned'
  return page(
    rows.length,
    sorted(found, (r) => (key === 'isBanned' ? Number(r.isBanned) : r[key]), query.dir),
    query,
  )
}

export function adminUserRows(accounts: Account[], query: Query) {
  const users = accounts.filter((a) => a.rol !== 'admin')
  const found = users.filter((u) => contains(u.userName, query.q))
  const key = (u: Account) =>
    query.sort === 'fullName'
      ? `${u.firstName ?? ''} ${u.lastName ?? ''}`
      : query.sort === 'userName' || query.sort === 'email' || query.sort === 'rol'
        ? u[query.sort]
        : u.id
  return page(users.length, sorted(found, key, query.dir), query)
}

export function adminSaleRows(sales: Sale[], query: Query) {
  const found = sales.filter(
    (s) =>
      (!query.q || s.instrument.some((item) => contains(item.name, query.q))) &&
      (!query.status || s.status === query.status),
  )
  const sort = query.sort ?? 'createdAt'
  const key = (s: Sale) =>
    sort === 'createdAt' ? Date.parse(s.createdAt) : (s[sort as keyof Sale] as unknown)
  const rows: AdminSaleRow[] = sorted(found, key, query.dir ?? 'desc').map(
    ({ instrument: _, ...row }) => row,
  )
  return page(sales.length, rows, query)
}

export function salesSummaryOf(sales: Sale[]): SalesSummary {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as SalesSummary['byStatus']
  for (const sale of sales) byStatus[sale.status] += 1
  const paid = sales.filter(isPaid)
  const collected = (part: 'tax' | 'shipping') =>
    fromCents(paid.reduce((sum, sale) => sum + toCents(sale[part]), 0))
  return {
    ...summarizeSales(sales),
    all: sales.length,
    byStatus,
    topSellers: topSellers(sales),
    taxCollected: collected('tax'),
    shippingCollected: collected('shipping'),
  }
}
