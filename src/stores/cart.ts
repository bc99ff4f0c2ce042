import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export interface CartLine {
  id: number
  count: number
}

interface CartState {
  /** Spec 3: `cartItems` (the lines) and `quanTities` (the total number of items). */
  cartItems: CartLine[]
  quanTities: number
  clear: () => void
}

// Skeleton: the cart issue fills in the rules of spec 4 (add, minus, plus, remove).
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      cartItems: [],
      quanTities: 0,
      clear: () => set({ cartItems: [], quanTities: 0 }),
    }),
    { name: 'cart', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
)
