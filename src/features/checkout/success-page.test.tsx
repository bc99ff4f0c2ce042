import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { quanTities, useCartStore } from '../../stores/cart'
import { useSessionStore } from '../../stores/session'
import { cartLine, instrument, resetStores, serveShop, signIn } from '../../test/cart-kit'
import { renderApp } from '../../test/render'

const confetti = vi.hoisted(() => Object.assign(vi.fn(), { reset: vi.fn() }))
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }))

beforeEach(() => {
  resetStores()
  vi.clearAllMocks()
  serveShop()
})
afterEach(() => vi.restoreAllMocks())

describe('/success (docs/product.md §2, §4)', () => {
  it('thanks the shopper, empties the cart, keeps the session and throws confetti', async () => {
    await signIn()
    useCartStore.setState({ cartItems: [cartLine(instrument(), 1)] })
    await renderApp('/success')
    expect(await screen.findByText('Thank you for your order!')).toBeInTheDocument()
    expect(screen.getByText('We have sent you an email with your order details.')).toBeVisible()
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
    expect(quanTities(useCartStore.getState())).toBe(0)
    expect(useSessionStore.getState().session).not.toBeNull()
    await waitFor(() => expect(confetti).toHaveBeenCalled())
  })

  it('throws no confetti for prefers-reduced-motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('reduce'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    )
    await signIn()
    await renderApp('/success')
    expect(await screen.findByText('Thank you for your order!')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(confetti).not.toHaveBeenCalled()
  })

  it('sends a signed-out visitor to /', async () => {
    const { router } = await renderApp('/success')
    expect(router.state.location.pathname).toBe('/')
  })
})
