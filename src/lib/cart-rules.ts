import * as v from 'valibot'
import { fromCents, linesCents } from '../../contract/money'

const positiveWhole = v.pipe(v.number(), v.integer(), v.minValue(1))

export const cartItemSchema = v.object({
  id: positiveWhole,
  name: v.string(),
  brand: v.string(),
  price: v.number(),
  img: v.string(),
  status: v.picklist(['New', 'Used']),
  stock: v.number(),
  count: positiveWhole,
})
export type CartItem = v.InferOutput<typeof cartItemSchema>

export type CartProduct = Omit<CartItem, 'count'>

export type CartOutcome = { ok: true; items: CartItem[] } | { ok: false; reason: 'sold-out' }

// Adds `quantity` (default 1, docs/product.md §9) of an instrument: a new line, or more of an existing one.
// Refused ('Stock sold out') when the stock is 0 or less or the count would pass the stock.
export function addItem(items: CartItem[], product: CartProduct, quantity = 1): CartOutcome {
  const amount = Math.max(1, Math.floor(quantity))
  const line = items.find((item) => item.id === product.id)
  const count = (line?.count ?? 0) + amount
  if (product.stock <= 0 || count > product.stock) return { ok: false, reason: 'sold-out' }
  if (!line) return { ok: true, items: [...items, { ...product, count }] }
  return {
    ok: true,
    items: items.map((item) => (item.id === product.id ? { ...item, ...product, count } : item)),
  }
}

export function minusItem(items: CartItem[], id: number): CartItem[] {
  const line = items.find((item) => item.id === id)
  if (!line) return items
  if (line.count <= 1) return removeItem(items, id)
  return items.map((item) => (item.id === id ? { ...item, count: item.count - 1 } : item))
}

export function plusItem(items: CartItem[], id: number, stock: number): CartOutcome {
  const line = items.find((item) => item.id === id)
  if (!line || line.count > stock - 1) return { ok: false, reason: 'sold-out' }
  return {
    ok: true,
    items: items.map((item) => (item.id === id ? { ...item, stock, count: item.count + 1 } : item)),
  }
}

export function removeItem(items: CartItem[], id: number): CartItem[] {
  return items.filter((item) => item.id !== id)
}

export function totalQuantity(items: readonly { count: number }[]): number {
  return items.reduce((sum, item) => sum + item.count, 0)
}

/** The money total, summed in whole cents so 0.1 + 0.2 never shows as 0.30000000000000004. */
export function subtotal(lines: readonly { price: number; count: number }[]): number {
  return fromCents(linesCents(lines))
}
