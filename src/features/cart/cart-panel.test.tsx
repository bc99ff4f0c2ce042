import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { quanTities, useCartStore } from '../../stores/cart'
import { cartLine, instrument, resetStores, serveShop, signIn } from '../../test/cart-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeEach(resetStores)

async function openCart() {
  const view = await renderApp('/favorites')
  await view.user.click(await screen.findByRole('button', { name: /^Cart \d/ }))
  return { ...view, panel: await screen.findByRole('dialog', { name: 'Shopping cart' }) }
}

describe('the cart panel (docs/product.md §2)', () => {
  it('says the cart is empty and offers Continue Shopping', async () => {
    serveShop()
    const { panel } = await openCart()
    expect(within(panel).getByText('Your shopping cart is empty')).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/',
    )
    expect(within(panel).getByRole('link', { name: 'Back to shopping' })).toHaveAttribute(
      'href',
      '/',
    )
  })

  it("closes with the 'Back to shopping' link", async () => {
    serveShop()
    const { panel, user } = await openCart()
    await user.click(within(panel).getByRole('link', { name: 'Back to shopping' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows a line per item with the server's current price, its line total, and the subtotal", async () => {
    await signIn()
    const stored = instrument({ price: 1000 })
    useCartStore.setState({ cartItems: [cartLine(stored, 2)] })
    serveShop(instrument({ price: 1200 }))
    const { panel } = await openCart()
    const line = (await within(panel).findByText('Stratocaster')).closest('li') as HTMLElement
    await within(line).findByText('$1,200')
    expect(line.querySelector('img')).toHaveAttribute('src', '/img/strat.jpg')
    expect(within(line).getByLabelText('Quantity of Stratocaster')).toHaveTextContent('2')
    expect(within(line).getByText('Line total').parentElement).toHaveTextContent('$2,400')
    expect(within(line).getByRole('link', { name: 'Stratocaster' })).toHaveAttribute(
      'href',
      `/instruments/${stored.id}`,
    )
    expect(within(panel).getByText('Subtotal').parentElement).toHaveTextContent('$2,400')
    expect(
      within(panel).getByText('Discount codes, shipping and taxes are worked out at checkout.'),
    ).toBeVisible()
    expect(within(panel).getByRole('link', { name: 'Pay with Test card' })).toHaveAttribute(
      'href',
      '/checkout',
    )
  })

  it("raises the count up to the current stock, then warns 'Stock sold out'", async () => {
    await signIn()
    useCartStore.setState({
      cartItems: [cartLine(instrument({ stock: 5, price: 999 }), 1)],
    })
    serveShop(instrument({ stock: 2 }))
    const { panel, user } = await openCart()
    const plus = await within(panel).findByRole('button', {
      name: 'Increase quantity of Stratocaster',
    })
    await waitFor(() =>
      expect(within(panel).getByText('Subtotal').parentElement).toHaveTextContent('$1,200'),
    )
    await user.click(plus)
    expect(within(panel).getByLabelText('Quantity of Stratocaster')).toHaveTextContent('2')
    await user.click(plus)
    expect(await screen.findByText('Stock sold out')).toBeInTheDocument()
    expect(within(panel).getByLabelText('Quantity of Stratocaster')).toHaveTextContent('2')
    expect(quanTities(useCartStore.getState())).toBe(2)
    // The navigation bar sits behind the open panel, out of the accessibility tree meanwhile.
    expect(screen.getByRole('button', { name: 'Cart 2 items', hidden: true })).toBeInTheDocument()
  })

  it('minus lowers the count and removes the line at 1; remove deletes it', async () => {
    await signIn()
    const bass = instrument({ id: 8, name: 'Jazz Bass', stock: 4 })
    useCartStore.setState({
      cartItems: [cartLine(instrument(), 2), cartLine(bass, 1)],
    })
    serveShop(instrument(), bass)
    const { panel, user } = await openCart()
    const minus = within(panel).getByRole('button', { name: 'Decrease quantity of Stratocaster' })
    await user.click(minus)
    expect(within(panel).getByLabelText('Quantity of Stratocaster')).toHaveTextContent('1')
    await user.click(minus)
    expect(within(panel).queryByText('Stratocaster')).not.toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Remove Jazz Bass from cart' }))
    expect(within(panel).getByText('Your shopping cart is empty')).toBeInTheDocument()
    expect(quanTities(useCartStore.getState())).toBe(0)
  })

  it('reopened within 10 s, asks the server for its lines no more', async () => {
    await signIn()
    useCartStore.setState({ cartItems: [cartLine(instrument(), 1)] })
    serveShop(instrument())
    let asked = 0
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/instruments/7') asked += 1
    }
    server.events.on('request:start', count)
    const { panel, user } = await openCart()
    await within(panel).findByText('Stratocaster')
    await waitFor(() => expect(asked).toBe(1))
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: /^Cart \d/ }))
    await within(await screen.findByRole('dialog', { name: 'Shopping cart' })).findByText(
      'Stratocaster',
    )
    // A refetch would start as the panel mounts; give it the chance to.
    await new Promise((done) => setTimeout(done, 50))
    server.events.removeListener('request:start', count)
    expect(asked).toBe(1)
  })

  it('closes on Escape and gives focus back to the Cart button', async () => {
    serveShop()
    const { user } = await openCart()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: /^Cart \d/ })).toHaveFocus()
  })

  it('closes on a click outside it', async () => {
    serveShop()
    const { user, panel } = await openCart()
    await user.click(panel.parentElement as HTMLElement)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('loads an unreadable stored cart as an empty one', async () => {
    localStorage.setItem('cartItems', '{"not": "a list"')
    await useCartStore.persist.rehydrate()
    expect(useCartStore.getState().cartItems).toEqual([])
  })

  it('keeps the cart across a reload in cartItems and quanTities (docs/product.md §3)', async () => {
    useCartStore.getState().add(cartLine(instrument(), 1))
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toHaveLength(1)
    expect(localStorage.getItem('quanTities')).toBe('1')
    const saved = localStorage.getItem('cartItems') ?? '[]'
    useCartStore.setState({ cartItems: [] })
    localStorage.setItem('cartItems', saved)
    await useCartStore.persist.rehydrate()
    expect(useCartStore.getState().cartItems).toEqual([cartLine(instrument(), 1)])
    expect(quanTities(useCartStore.getState())).toBe(1)
  })
})
