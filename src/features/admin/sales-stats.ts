import { fromCents, toCents } from '../../../contract/money'
import { isPaid, type Sale } from '../../../contract/sales'

export interface SalesSummary {
  cashBalance: number
  totalShops: number
  soldProducts: number
  lastShop: string | null
}

// docs/product.md §2, Historyshops summary: Cash_Balance, Total_Shops, Sold_Products, Last_Shop, over the
// paid sales only (a pending, failed, cancelled or refunded one earned nothing), net of refunds.
export function summarizeSales(all: Sale[]): SalesSummary {
  const sales = all.filter(isPaid)
  let cashCents = 0
  let soldProducts = 0
  let lastShop: string | null = null
  for (const sale of sales) {
    cashCents += toCents(sale.cost) - sale.refundedCents
    for (const item of sale.instrument) soldProducts += item.count
    if (lastShop === null || Date.parse(sale.createdAt) > Date.parse(lastShop)) {
      lastShop = sale.createdAt
    }
  }
  return {
    cashBalance: fromCents(cashCents),
    totalShops: sales.length,
    soldProducts,
    lastShop,
  }
}

// A type, not an interface: nivo's BarDatum wants an index signature.
export type TopSeller = {
  name: string
  'Porcentaje de venta': number
}

// docs/product.md §9, statistics: the top 10 instruments by units sold in paid sales, as a percentage of total
// units. Lines are grouped by instrument id (name when the instrument was deleted since).
export function topSellers(sales: Sale[], limit = 10): TopSeller[] {
  const units = new Map<string, { name: string; count: number }>()
  let total = 0
  for (const sale of sales.filter(isPaid)) {
    for (const item of sale.instrument) {
      const key = item.instrumentId === null ? `name:${item.name}` : `id:${item.instrumentId}`
      const entry = units.get(key) ?? { name: item.name, count: 0 }
      entry.count += item.count
      units.set(key, entry)
      total += item.count
    }
  }
  if (total === 0) return []
  return [...units.values()]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ name, count }) => ({
      name,
      'Porcentaje de venta': Math.round((count / total) * 1000) / 10,
    }))
}
