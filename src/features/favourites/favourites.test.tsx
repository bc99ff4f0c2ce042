import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Favourite } from '../../../contract/catalog'
import { createQueryClient } from '../../query-client'
import { usePanelsStore } from '../../stores/panels'
import { resetStores, serveShop, signIn } from '../../test/cart-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { FavouriteHeart } from './favourite-heart'

const flute: Favourite = {
  id: 3,
  name: 'Silver Flute',
  brand: 'Yamaha',
  description: 'A student flute',
  price: 450.5,
  img: '/img/flute.jpg',
  stock: 4,
  status: 'New',
}

/** A tiny /trolley that remembers adds and deletes. */
function serveTrolley(initial: Favourite[]) {
  let list = [...initial]
  const calls: string[] = []
  server.use(
    http.get('/api/trolley', () => HttpResponse.json(list)),
    http.delete('/api/trolley', async ({ request }) => {
      const { id } = (await request.json()) as { id: number }
      calls.push(`delete ${id}`)
      list = list.filter((f) => f.id !== id)
      return HttpResponse.json({ ok: 'Removed from favorites', id })
    }),
  )
  return calls
}

beforeEach(() => {
  resetStores()
  serveShop()
})

describe('/favorites (docs/product.md §2)', () => {
  it('lists image, brand, name, description, price, remove and add to cart', async () => {
    await signIn()
    const calls = serveTrolley([flute])
    const { user } = await renderApp('/favorites')
    const card = (await screen.findByRole('heading', { name: 'Silver Flute' })).closest(
      'li',
    ) as HTMLElement
    expect(card).toHaveTextContent('Yamaha')
    expect(card).toHaveTextContent('A student flute')
    expect(card).toHaveTextContent('$450.50')
    expect(card.querySelector('img')).toHaveAttribute('src', '/img/flute.jpg')
    expect(within(card).getByRole('button', { name: 'Add to cart: Silver Flute' })).toBeVisible()
    await user.click(
      within(card).getByRole('button', { name: 'Remove Silver Flute from favorites' }),
    )
    expect(await screen.findByText('Your Favorite List is empty')).toBeInTheDocument()
    expect(calls).toEqual(['delete 3'])
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')
  })

  it('is empty for a visitor, who can sign in from it', async () => {
    const { user } = await renderApp('/favorites')
    expect(await screen.findByText('Your Favorite List is empty')).toBeInTheDocument()
    const page = screen.getByText('Your Favorite List is empty').parentElement as HTMLElement
    await user.click(within(page).getByRole('button', { name: 'Sign In' }))
    expect(usePanelsStore.getState().open).toBe('login')
  })
})

describe('the favourites panel (docs/product.md §2)', () => {
  it("lists favourites with remove, links 'View full list', and says when empty", async () => {
    await signIn()
    serveTrolley([flute])
    const { user } = await renderApp('/favorites')
    await user.click(screen.getByRole('button', { name: 'Favorites' }))
    const panel = await screen.findByRole('dialog', { name: 'Favorites' })
    expect(await within(panel).findByText('Silver Flute')).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'View full list' })).toHaveAttribute(
      'href',
      '/favorites',
    )
    await user.click(
      within(panel).getByRole('button', { name: 'Remove Silver Flute from favorites' }),
    )
    expect(await within(panel).findByText('Your favorites list is empty')).toBeInTheDocument()
  })
})

describe('the heart (docs/product.md §4)', () => {
  it('is filled for a favourite and toggles through POST and DELETE /trolley', async () => {
    await signIn()
    let list: Favourite[] = []
    let posts = 0
    server.use(
      http.get('/api/trolley', () => HttpResponse.json(list)),
      http.post('/api/trolley', async () => {
        posts += 1
        await delay(100)
        list = [flute]
        return HttpResponse.json({ ok: 'Added to favorites', id: 3 })
      }),
      http.delete('/api/trolley', () => {
        list = []
        return HttpResponse.json({ ok: 'Removed from favorites', id: 3 })
      }),
    )
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FavouriteHeart instrumentId={3} name="Silver Flute" />
      </QueryClientProvider>,
    )
    const heart = screen.getByRole('button', { name: 'Favorite Silver Flute' })
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'))
    await user.click(heart)
    // A second click while the first is on its way does nothing; focus stays on the heart.
    await waitFor(() => expect(heart).toHaveAttribute('aria-disabled', 'true'))
    await user.click(heart)
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'))
    await waitFor(() => expect(heart).toHaveAttribute('aria-disabled', 'false'))
    expect(posts).toBe(1)
    expect(heart).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'))
    expect(heart).toHaveFocus()
  })

  it('stays filled when tapped while the list it reads is still on its way', async () => {
    await signIn()
    let list: Favourite[] = []
    server.use(
      // The first read answers late, with the list as it was before the tap.
      http.get('/api/trolley', async () => {
        const before = list
        await delay(150)
        return HttpResponse.json(before)
      }),
      http.post('/api/trolley', () => {
        list = [flute]
        return HttpResponse.json({ ok: 'Added to favorites', id: 3 })
      }),
    )
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FavouriteHeart instrumentId={3} name="Silver Flute" />
      </QueryClientProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'Favorite Silver Flute' }))
    const heart = screen.getByRole('button', { name: 'Favorite Silver Flute' })
    await waitFor(() => expect(heart).toHaveAttribute('aria-disabled', 'false'))
    expect(heart).toHaveAttribute('aria-pressed', 'true')
  })

  it('opens the login panel for a visitor', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FavouriteHeart instrumentId={3} name="Silver Flute" />
      </QueryClientProvider>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Favorite Silver Flute' }))
    expect(usePanelsStore.getState().open).toBe('login')
  })
})
