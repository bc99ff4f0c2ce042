import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../lib/toast'
import { quanTities, useCartStore } from '../../stores/cart'
import { usePanelsStore } from '../../stores/panels'
import { cartLine, instrument, resetStores, signIn } from '../../test/cart-kit'
import { addOneMore, addToCart } from './cart-actions'

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), warning: vi.fn() } }))

beforeEach(() => {
  resetStores()
  vi.clearAllMocks()
})

describe('adding to the cart (docs/product.md §4)', () => {
  it('opens the login panel instead when nobody is signed in', () => {
    addToCart(instrument())
    expect(usePanelsStore.getState().open).toBe('login')
    expect(useCartStore.getState().cartItems).toEqual([])
    expect(notify.success).not.toHaveBeenCalled()
  })

  it("adds one and says 'Added to cart'", async () => {
    await signIn()
    addToCart(instrument())
    expect(useCartStore.getState().cartItems).toEqual([cartLine(instrument(), 1)])
    expect(quanTities(useCartStore.getState())).toBe(1)
    expect(notify.success).toHaveBeenCalledWith('Added to cart')
  })

  it("with a quantity says '<quantity> <name> added to cart'", async () => {
    await signIn()
    addToCart(instrument({ stock: 5 }), 3)
    expect(quanTities(useCartStore.getState())).toBe(3)
    expect(notify.success).toHaveBeenCalledWith('3 Stratocaster added to cart')
  })

  it("refuses past the stock with 'Stock sold out'", async () => {
    await signIn()
    addToCart(instrument({ stock: 1 }))
    addToCart(instrument({ stock: 1 }))
    expect(quanTities(useCartStore.getState())).toBe(1)
    expect(notify.warning).toHaveBeenCalledWith('Stock sold out')
    addToCart(instrument({ id: 9, stock: 0 }))
    expect(useCartStore.getState().cartItems).toHaveLength(1)
  })

  it("plus warns 'Stock sold out' at the current stock", async () => {
    await signIn()
    addToCart(instrument({ stock: 9 }))
    addOneMore(7, 1)
    expect(quanTities(useCartStore.getState())).toBe(1)
    expect(notify.warning).toHaveBeenCalledWith('Stock sold out')
  })
})
