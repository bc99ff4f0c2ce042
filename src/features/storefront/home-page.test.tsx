import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogueHandlers, categories, makeInstrument } from '../../test/catalog-data'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

// jsdom has no layout: paging scrolls the grid's heading into view.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {}
})

async function grid() {
  await screen.findAllByRole('article')
  return screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)
}

describe('home page', () => {
  it('shows the heading, the cards of the first page and their prices as docs/product.md §5 formats them', async () => {
    const { handlers, requests } = catalogueHandlers(() => ({
      items: [
        makeInstrument(1, { name: 'Stratocaster', price: 1299 }),
        makeInstrument(2, { name: 'Ukulele', price: 19.5, status: 'Used' }),
      ],
      total: 2,
    }))
    server.use(...handlers)
    await renderApp('/')
    expect(screen.getByRole('heading', { level: 1, name: 'Our Instruments' })).toBeInTheDocument()
    expect(await grid()).toEqual(['Stratocaster', 'Ukulele'])
    const [first, second] = screen.getAllByRole('article')
    expect(within(first as HTMLElement).getByText('$1,299')).toBeInTheDocument()
    expect(within(second as HTMLElement).getByText('$19.50')).toBeInTheDocument()
    expect(within(second as HTMLElement).getByText('Used')).toBeInTheDocument()
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'Stratocaster' }),
    ).toHaveAttribute('href', '/instruments/1')
    expect(requests[0]).toMatchObject({ page: '1', limit: '10', sort: 'default' })
  })

  it("the banner's Shop now shows its category: the URL and the request carry it", async () => {
    const { handlers, requests } = catalogueHandlers(() => ({
      items: [makeInstrument(1, { name: 'Stratocaster' })],
      total: 1,
    }))
    server.use(...handlers)
    const { user, router } = await renderApp('/')
    await grid()
    await user.click(await screen.findByRole('link', { name: 'Shop now: Guitars' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ category: 'Guitars' }))
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ category: 'Guitars', page: '1' }))
  })

  it('sorts: the request carries the sort, the grid follows the answer, the URL keeps it', async () => {
    const { handlers, requests } = catalogueHandlers(({ sort }) => ({
      items:
        sort === 'low-price'
          ? [makeInstrument(2, { name: 'Cheap' }), makeInstrument(1, { name: 'Dear' })]
          : [makeInstrument(1, { name: 'Dear' }), makeInstrument(2, { name: 'Cheap' })],
      total: 2,
    }))
    server.use(...handlers)
    const { user, router } = await renderApp('/')
    expect(await grid()).toEqual(['Dear', 'Cheap'])
    const select = screen.getByLabelText('Sort by')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default', 'A - Z', 'Z - A', 'Price low to high', 'Price high to low'])
    await user.selectOptions(select, 'Price low to high')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'low-price' }))
    expect(await grid()).toEqual(['Cheap', 'Dear'])
    expect(requests.at(-1)).toMatchObject({ sort: 'low-price', page: '1' })
  })

  it('filters by category: All plus the categories that are not banned', async () => {
    const { handlers, requests } = catalogueHandlers(({ category }) => ({
      items:
        category === 'Drums'
          ? [makeInstrument(3, { name: 'Snare', category: categories[1] })]
          : [makeInstrument(1, { name: 'Stratocaster' }), makeInstrument(3, { name: 'Snare' })],
      total: category === 'Drums' ? 1 : 2,
    }))
    server.use(...handlers)
    const { user, router } = await renderApp('/')
    const group = await screen.findByRole('group', { name: 'Categories' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['All', 'Guitars', 'Drums'])
    expect(within(group).getByRole('radio', { name: 'All' })).toBeChecked()
    await user.click(within(group).getByRole('radio', { name: 'Drums' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ category: 'Drums' }))
    expect(await grid()).toEqual(['Snare'])
    expect(requests.at(-1)).toMatchObject({ category: 'Drums', page: '1' })
    expect(within(group).getByRole('radio', { name: 'Drums' })).toBeChecked()
  })

  it('puts the page back to 1 when the sort changes', async () => {
    const { handlers, requests } = catalogueHandlers(({ page }) => ({
      items: [makeInstrument(Number(page) * 10)],
      total: 25,
    }))
    server.use(...handlers)
    const { user, router } = await renderApp('/?page=2')
    await grid()
    await user.selectOptions(screen.getByLabelText('Sort by'), 'A - Z')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'asce' }))
    expect(router.state.location.href).toBe('/?sort=asce')
    expect(requests.at(-1)).toMatchObject({ page: '1', sort: 'asce' })
  })

  it('falls back to defaults for bad URL values', async () => {
    const { handlers, requests } = catalogueHandlers(() => ({
      items: [makeInstrument(1)],
      total: 1,
    }))
    server.use(...handlers)
    await renderApp('/?page=abc&sort=cheapest')
    await grid()
    expect(requests[0]).toMatchObject({ page: '1', sort: 'default' })
  })
})

describe('paging', () => {
  const paged = () =>
    catalogueHandlers(({ page }) => ({
      items: Array.from({ length: page === '3' ? 5 : 10 }, (_, i) =>
        makeInstrument((Number(page) - 1) * 10 + i + 1),
      ),
      total: 25,
    }))

  it('disables Previous on page 1 and shows every page number', async () => {
    const { handlers } = paged()
    server.use(...handlers)
    await renderApp('/')
    await grid()
    const pager = screen.getByRole('navigation', { name: 'Instrument pages' })
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled()
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3'])
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('walks with Next and a page number, and disables Next on the last page', async () => {
    const { handlers, requests } = paged()
    server.use(...handlers)
    const { user, router } = await renderApp('/')
    await grid()
    const pager = () => screen.getByRole('navigation', { name: 'Instrument pages' })
    await user.click(within(pager()).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }))
    await waitFor(() =>
      expect((screen.getAllByRole('article')[0] as HTMLElement).textContent).toContain(
        'Instrument 11',
      ),
    )
    await user.click(within(pager()).getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 3 }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5))
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeEnabled()
    expect(requests.map((r) => r.page)).toEqual(expect.arrayContaining(['1', '2', '3']))
  })

  it('prefetches the page a shopper points at', async () => {
    const { handlers, requests } = paged()
    server.use(...handlers)
    const { user } = await renderApp('/')
    await grid()
    await user.hover(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(requests.some((r) => r.page === '2')).toBe(true))
  })
})

describe('search', () => {
  it('searches from the navigation bar and shows what was found', async () => {
    const { handlers, requests } = catalogueHandlers(({ name }) => ({
      items: name === 'piano' ? [makeInstrument(7, { name: 'Grand piano' })] : [makeInstrument(1)],
      total: 1,
    }))
    server.use(...handlers)
    const { user, router } = await renderApp('/?page=2&sort=asce')
    await grid()
    await user.type(screen.getByRole('combobox', { name: 'Search instruments' }), 'piano{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ name: 'piano', sort: 'asce' }),
    )
    expect(await grid()).toEqual(['Grand piano'])
    expect(requests.at(-1)).toMatchObject({ name: 'piano', page: '1' })
  })

  it("shows 'Instrument not found' when nothing comes back", async () => {
    const { handlers } = catalogueHandlers(() => ({ items: [], total: 0 }))
    server.use(...handlers)
    await renderApp('/?name=theremin')
    const messages = await screen.findAllByText('Instrument not found')
    expect(messages.length).toBeGreaterThanOrEqual(1)
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it("shows every instrument of the server's page: the server alone decides what is visible", async () => {
    const { handlers } = catalogueHandlers(() => ({
      items: [makeInstrument(1, { name: 'Ukulele' }), makeInstrument(2, { name: 'Banjo' })],
      total: 2,
    }))
    server.use(...handlers)
    await renderApp('/?name=u')
    expect(await grid()).toEqual(['Ukulele', 'Banjo'])
    expect(screen.getByText('2 instruments for “u”')).toBeInTheDocument()
  })

  it('raises the error toast as well', async () => {
    const { handlers } = catalogueHandlers(() => ({ items: [], total: 0 }))
    server.use(...handlers)
    await renderApp('/?name=theremin')
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')?.textContent).toContain(
        'Instrument not found',
      ),
    )
  })
})
