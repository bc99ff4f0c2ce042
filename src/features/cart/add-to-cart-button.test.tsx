import { act } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { takeOverPage } from '../../lib/early-taps'
import { notify } from '../../lib/toast'
import { quanTities, useCartStore } from '../../stores/cart'
import { usePanelsStore } from '../../stores/panels'
import { instrument, resetStores, signIn } from '../../test/cart-kit'
import { hydrate, loadTapCatcher, resetTapCatcher, serverPage } from '../../test/early-taps-kit'
import { AddToCartButton } from './add-to-cart-button'

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), warning: vi.fn() } }))

beforeAll(loadTapCatcher)
beforeEach(() => {
  resetStores()
  vi.clearAllMocks()
})
afterEach(resetTapCatcher)

const tapAddToCart = () =>
  (document.querySelector('button.add-to-cart') as HTMLButtonElement).click()

describe('Add to cart tapped before the app runs', () => {
  it('one tap on the server page puts exactly one unit in the cart once the app starts', async () => {
    await signIn()
    const ui = <AddToCartButton instrument={instrument({ stock: 5 })} />
    const root = serverPage(ui)
    tapAddToCart()
    await hydrate(root, ui)
    expect(quanTities(useCartStore.getState())).toBe(0)

    await act(() => takeOverPage())
    expect(quanTities(useCartStore.getState())).toBe(1)
    expect(notify.success).toHaveBeenCalledTimes(1)

    // From now on a tap is the app's own: one more tap, one more unit.
    tapAddToCart()
    expect(quanTities(useCartStore.getState())).toBe(2)
  })

  it('signed out, the tap opens the Sign In panel once the app starts', async () => {
    const ui = <AddToCartButton instrument={instrument()} />
    const root = serverPage(ui)
    tapAddToCart()
    await hydrate(root, ui)
    expect(usePanelsStore.getState().open).toBeNull()
    await act(() => takeOverPage())
    expect(usePanelsStore.getState().open).toBe('login')
    expect(useCartStore.getState().cartItems).toEqual([])
  })
})
