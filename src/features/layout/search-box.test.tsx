import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogueHandlers, makeInstrument } from '../../test/catalog-data'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {}
})

const found = [
  makeInstrument(11, { name: 'Fender Player Stratocaster', brand: 'Fender', price: 849.99 }),
  makeInstrument(12, { name: 'Fender Player Precision Bass', brand: 'Fender', price: 899 }),
  makeInstrument(13, { name: 'Fender Blues Junior IV', brand: 'Fender', price: 699 }),
]

function suggestionHandlers() {
  const asked: string[] = []
  const { handlers } = catalogueHandlers(() => ({ items: found, total: found.length }))
  server.use(
    http.get('/api/instruments/suggestions', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '')
      return HttpResponse.json(
        found.map(({ id, name, brand, price, img }) => ({ id, name, brand, price, img })),
      )
    }),
    http.get('/api/instruments/:id', ({ params }) =>
      HttpResponse.json({
        ...(found.find((i) => i.id === Number(params.id)) ?? found[0]),
        Raitings: [],
      }),
    ),
    // After these: the catalogue kit answers suggestions with none.
    ...handlers,
  )
  return asked
}

// Typing with user-event is slow on a busy machine: a generous timeout per test.
describe('the search box suggests as the shopper types (an ARIA combobox)', {
  timeout: 20_000,
}, () => {
  it('asks from 2 characters, once typing pauses, and announces the count', async () => {
    const asked = suggestionHandlers()
    const { user } = await renderApp('/')
    const box = screen.getByRole('combobox', { name: 'Search instruments' })
    await user.type(box, 'f')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(asked).toEqual([])
    await user.type(box, 'endr')
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    await waitFor(() => expect(asked.at(-1)).toBe('fendr'))
    // One request per pause, never one per keystroke (a loaded machine may pause mid-word).
    expect(asked.length).toBeLessThan(4)
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Fender Player Stratocaster$849.99',
      'Fender Player Precision Bass$899',
      'Fender Blues Junior IV$699',
    ])
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(box).toHaveAttribute('aria-controls', list.id)
    expect(screen.getByText('3 suggestions')).toHaveAttribute('role', 'status')
  })

  it('moves with the arrows, closes on Escape and opens the product on Enter', async () => {
    suggestionHandlers()
    const { user, router } = await renderApp('/')
    const box = screen.getByRole('combobox', { name: 'Search instruments' })
    await user.type(box, 'fendr')
    await screen.findByRole('listbox')
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option')
    const chosen = () => options().findIndex((o) => o.getAttribute('aria-selected') === 'true')

    await user.keyboard('{ArrowDown}')
    expect(chosen()).toBe(0)
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]?.id)
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(chosen()).toBe(0)
    await user.keyboard('{ArrowUp}')
    expect(chosen()).toBe(2)

    await user.keyboard('{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box).toHaveValue('fendr')

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/instruments/12'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fender Player Precision Bass' }),
    ).toBeInTheDocument()
  })

  it('searches the home page on Enter when no suggestion is chosen', async () => {
    suggestionHandlers()
    const { user, router } = await renderApp('/')
    const box = screen.getByRole('combobox', { name: 'Search instruments' })
    await user.type(box, 'fendr')
    await screen.findByRole('listbox')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ name: 'fendr' }))
  })
})
