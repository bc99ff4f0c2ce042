import { describe, expect, it } from 'vitest'
import type { Sale, SaleItem, SaleStatus } from '../../../contract/sales'
import { summarizeSales, topSellers } from './sales-stats'

const item = (instrumentId: number | null, name: string, count: number): SaleItem => ({
  id: Math.floor(Math.random() * 1e6),
  instrumentId,
  name,
  brand: 'Brand',
  img: '/images/x.svg',
  price: 10,
  count,
  discount: 0,
  tax: 0,
})

const sale = (
  id: number,
  cost: number,
  createdAt: string,
  items: SaleItem[],
  status: SaleStatus = 'succeeded',
): Sale => ({
  id,
  status,
  fulfilment: 'unfulfilled',
  cost,
  ...{ subtotal: cost, discount: 0, shipping: 0, tax: 0, taxIncluded: true },
  ...{ discountCode: null, shippingMethod: null },
  refundedCents: 0,
  createdAt,
  updatedAt: createdAt,
  cus_name: 'Ana',
  cus_email: 'ana@example.com',
  cus_phone: '1234567890',
  cus_address: 'Street 1',
  cus_city: 'Bogotá',
  cus_country: 'Colombia',
  cus_zip: '110111',
  userId: 1,
  instrument: items,
  subtotal: cost,
  discount: 0,
  shipping: 0,
  tax: 0,
  taxIncluded: true,
  discountCode: null,
  shippingMethod: null,
})

describe('summarizeSales (docs/product.md §2: Cash_Balance, Total_Shops, Sold_Products, Last_Shop)', () => {
  it('sums costs and item counts and finds the latest sale', () => {
    const summary = summarizeSales([
      sale(1, 100.1, '2024-01-05T10:00:00.000Z', [item(1, 'Guitar', 2)]),
      sale(2, 200.2, '2024-03-01T10:00:00.000Z', [item(2, 'Drum', 1), item(1, 'Guitar', 3)]),
      sale(3, 0.1, '2024-02-01T10:00:00.000Z', []),
    ])
    expect(summary).toEqual({
      cashBalance: 300.4,
      totalShops: 3,
      soldProducts: 6,
      lastShop: '2024-03-01T10:00:00.000Z',
    })
  })

  it('counts only paid sales: pending, failed and refunded ones earned nothing', () => {
    const sales = [
      sale(1, 100, '2024-01-05T10:00:00.000Z', [item(1, 'Guitar', 1)]),
      sale(2, 500, '2024-03-01T10:00:00.000Z', [item(2, 'Drum', 5)], 'pending'),
      sale(3, 700, '2024-03-02T10:00:00.000Z', [item(2, 'Drum', 7)], 'failed'),
      sale(4, 900, '2024-03-03T10:00:00.000Z', [item(2, 'Drum', 9)], 'refunded'),
    ]
    expect(summarizeSales(sales)).toEqual({
      cashBalance: 100,
      totalShops: 1,
      soldProducts: 1,
      lastShop: '2024-01-05T10:00:00.000Z',
    })
    expect(topSellers(sales)).toEqual([{ name: 'Guitar', 'Porcentaje de venta': 100 }])
  })

  it('is all zero with no sales', () => {
    expect(summarizeSales([])).toEqual({
      cashBalance: 0,
      totalShops: 0,
      soldProducts: 0,
      lastShop: null,
    })
  })
})

describe('topSellers (docs/product.md §9: top 10 by units sold, as a percentage of total units)', () => {
  it('groups lines by instrument and gives each its share of all units', () => {
    const rows = topSellers([
      sale(1, 1, '2024-01-01', [item(1, 'Guitar', 3), item(2, 'Drum', 1)]),
      sale(2, 1, '2024-01-02', [item(1, 'Guitar', 3), item(null, 'Gone piano', 1)]),
    ])
    expect(rows).toEqual([
      { name: 'Guitar', 'Porcentaje de venta': 75 },
      { name: 'Drum', 'Porcentaje de venta': 12.5 },
      { name: 'Gone piano', 'Porcentaje de venta': 12.5 },
    ])
  })

  it('keeps only the ten best sellers, shares still out of every unit', () => {
    const items = Array.from({ length: 12 }, (_, i) => item(i + 1, `I${i + 1}`, 12 - i))
    const rows = topSellers([sale(1, 1, '2024-01-01', items)])
    expect(rows).toHaveLength(10)
    expect(rows[0]).toEqual({ name: 'I1', 'Porcentaje de venta': 15.4 })
    expect(rows.map((r) => r.name)).not.toContain('I11')
  })

  it('is empty with nothing sold', () => {
    expect(topSellers([])).toEqual([])
  })
})
