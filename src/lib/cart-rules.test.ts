import { describe, expect, it } from 'vitest'
import {
  addItem,
  type CartItem,
  type CartProduct,
  minusItem,
  plusItem,
  removeItem,
  subtotal,
  totalQuantity,
} from './cart-rules'

const guitar: CartProduct = {
  id: 1,
  name: 'Stratocaster',
  brand: 'Fender',
  price: 1299.99,
  img: '/img/strat.jpg',
  status: 'New',
  stock: 3,
}
const drum: CartProduct = { ...guitar, id: 2, name: 'Snare', brand: 'Pearl', price: 250, stock: 1 }

function line(product: CartProduct, count: number): CartItem {
  return { ...product, count }
}

function items(outcome: ReturnType<typeof addItem>): CartItem[] {
  if (!outcome.ok) throw new Error('expected the change to be accepted')
  return outcome.items
}

describe('docs/product.md §4: adding to the cart', () => {
  it('adds an instrument that is not in the cart with count 1', () => {
    expect(items(addItem([], guitar))).toEqual([line(guitar, 1)])
  })

  it('raises the count by 1 when the instrument is already in the cart', () => {
    expect(items(addItem([line(guitar, 1), line(drum, 1)], guitar))).toEqual([
      line(guitar, 2),
      line(drum, 1),
    ])
  })

  it("refuses ('Stock sold out') when the stock is 0 or less", () => {
    expect(addItem([], { ...guitar, stock: 0 })).toEqual({ ok: false, reason: 'sold-out' })
    expect(addItem([], { ...guitar, stock: -1 })).toEqual({ ok: false, reason: 'sold-out' })
  })

  it("refuses ('Stock sold out') when the count already reaches the stock", () => {
    expect(addItem([line(guitar, 3)], guitar)).toEqual({ ok: false, reason: 'sold-out' })
  })

  it('the second cart context adds a quantity at once, within the stock', () => {
    expect(items(addItem([], guitar, 2))).toEqual([line(guitar, 2)])
    expect(items(addItem([line(guitar, 1)], guitar, 2))).toEqual([line(guitar, 3)])
    expect(addItem([line(guitar, 2)], guitar, 2)).toEqual({ ok: false, reason: 'sold-out' })
  })

  it('treats a quantity below 1 as 1 (docs/product.md §9: default quantity 1)', () => {
    expect(items(addItem([], guitar, 0))).toEqual([line(guitar, 1)])
  })

  it('refreshes the stored instrument data with what was added', () => {
    const cheaper = { ...guitar, price: 999 }
    expect(items(addItem([line(guitar, 1)], cheaper))).toEqual([line(cheaper, 2)])
  })
})

describe('docs/product.md §4: minus, plus and remove', () => {
  it('minus lowers the count while it is above 1', () => {
    expect(minusItem([line(guitar, 3)], 1)).toEqual([line(guitar, 2)])
  })

  it('minus on a count of 1 removes the line', () => {
    expect(minusItem([line(guitar, 1), line(drum, 1)], 1)).toEqual([line(drum, 1)])
  })

  it('plus raises the count while it is at most stock - 1', () => {
    expect(plusItem([line(guitar, 2)], 1, 3)).toEqual({ ok: true, items: [line(guitar, 3)] })
  })

  it("plus at the stock warns 'Stock sold out' and changes nothing", () => {
    expect(plusItem([line(guitar, 3)], 1, 3)).toEqual({ ok: false, reason: 'sold-out' })
  })

  it("plus uses the server's current stock, not the stored one", () => {
    expect(plusItem([line(guitar, 2)], 1, 2)).toEqual({ ok: false, reason: 'sold-out' })
    expect(plusItem([line(guitar, 3)], 1, 10)).toEqual({
      ok: true,
      items: [{ ...line(guitar, 4), stock: 10 }],
    })
  })

  it('remove deletes the whole line whatever its count', () => {
    expect(removeItem([line(guitar, 3), line(drum, 1)], 1)).toEqual([line(drum, 1)])
  })
})

describe('docs/product.md §4: totals', () => {
  it('the total quantity is the sum of the counts', () => {
    expect(totalQuantity([])).toBe(0)
    expect(totalQuantity([line(guitar, 2), line(drum, 1)])).toBe(3)
  })

  it('the subtotal adds price times count without float drift', () => {
    expect(subtotal([line(guitar, 2), line(drum, 1)])).toBe(2849.98)
    expect(
      subtotal([
        { price: 0.1, count: 1 },
        { price: 0.2, count: 1 },
      ]),
    ).toBe(0.3)
  })
})
