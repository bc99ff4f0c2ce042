// Valibot: the cart is read in the first load, where zod would add 15 to 25 KB gzip.
import * as v from 'valibot'
import { create } from 'zustand'
import type { PersistStorage, StorageValue } from 'zustand/middleware'
import { persist } from 'zustand/middleware'
import {
  addItem,
  type CartItem,
  type CartProduct,
  cartItemSchema,
  minusItem,
  plusItem,
  removeItem,
  totalQuantity,
} from '../lib/cart-rules'

interface CartData {
  cartItems: CartItem[]
}

interface CartState extends CartData {
  add: (product: CartProduct, quantity?: number) => boolean
  minus: (id: number) => void
  plus: (id: number, stock: number) => boolean
  remove: (id: number) => void
  clear: () => void
}

const storedItems = v.array(cartItemSchema)

export const quanTities = (cart: CartData) => totalQuantity(cart.cartItems)

// docs/product.md §3 names the browser-storage keys: `cartItems` and `quanTities`, each its own key.
// Anything unreadable there loads as an empty cart rather than breaking the shop.
const specStorage: PersistStorage<CartData> = {
  getItem: () => {
    try {
      const parsed = v.safeParse(storedItems, JSON.parse(localStorage.getItem('cartItems') ?? '[]'))
      const cartItems = parsed.success ? parsed.output : []
      return { state: { cartItems }, version: 1 }
    } catch {
      return null
    }
  },
  setItem: (_name, value: StorageValue<CartData>) => {
    localStorage.setItem('cartItems', JSON.stringify(value.state.cartItems))
    localStorage.setItem('quanTities', JSON.stringify(quanTities(value.state)))
  },
  removeItem: () => {
    localStorage.removeItem('cartItems')
    localStorage.removeItem('quanTities')
  },
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      cartItems: [],
      add: (product, quantity) => {
        const outcome = addItem(get().cartItems, product, quantity)
        if (outcome.ok) set({ cartItems: outcome.items })
        return outcome.ok
      },
      minus: (id) => set({ cartItems: minusItem(get().cartItems, id) }),
      plus: (id, stock) => {
        const outcome = plusItem(get().cartItems, id, stock)
        if (outcome.ok) set({ cartItems: outcome.items })
        return outcome.ok
      },
      remove: (id) => set({ cartItems: removeItem(get().cartItems, id) }),
      clear: () => set({ cartItems: [] }),
    }),
    {
      name: 'cart',
      version: 1,
      storage: specStorage,
      partialize: ({ cartItems }) => ({ cartItems }),
    },
  ),
)

// Another tab changed the cart: follow it, so two tabs never overwrite each other's lines.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === 'cartItems') void useCartStore.persist.rehydrate()
  })
}
