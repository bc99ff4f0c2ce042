import { useQueries } from '@tanstack/react-query'
import { ApiError } from '../../api/http'
import { instrumentQueries } from '../../api/instruments'
import { type CartItem, subtotal } from '../../lib/cart-rules'
import { useCartStore } from '../../stores/cart'

export interface CartLineView extends CartItem {
  /** Gone from the shop (deleted or banned since it was added): it cannot be bought. */
  unavailable: boolean
}

// The cart's lines with the server's current price and stock: what was stored when the item
// was added is only a fallback while the instrument loads (so a changed price shows).
export function useCartLines() {
  const items = useCartStore((s) => s.cartItems)
  const current = useQueries({
    // Fresh enough to reopen the cart without a request per line, fresh for every new visit.
    queries: items.map((item) => ({ ...instrumentQueries.detail(item.id), staleTime: 10_000 })),
  })
  const lines: CartLineView[] = items.map((item, index) => {
    const result = current[index]
    const fresh = result?.data
    // The server answers 404 for an instrument shoppers may no longer see.
    const gone = result?.error instanceof ApiError && result.error.status === 404
    return fresh
      ? { ...item, price: fresh.price, stock: fresh.stock, unavailable: gone }
      : { ...item, unavailable: gone }
  })
  const buyable = lines.filter((line) => !line.unavailable)
  return {
    lines,
    total: subtotal(buyable),
    loading: current.some((r) => r.isPending),
    orderable: lines.length > 0 && lines.every((l) => !l.unavailable && l.count <= l.stock),
  }
}
