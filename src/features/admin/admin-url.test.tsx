import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Instrument } from '../../../contract/catalog'
import { adminInstrumentRows } from '../../mocks/admin-pages'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { instruments, serveBackOffice, signInAsAdmin } from './admin-test-data'

// Whole-app renders under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => useSessionStore.getState().signOut())

const base = instruments[0] as Instrument
const many: Instrument[] = Array.from({ length: 60 }, (_, n) => ({
  ...base,
  id: 100 + n,
  name: `${n % 2 ? 'Les Paul' : 'Jazz Bass'} ${String(n).padStart(2, '0')}`,
}))

/** The back office with 60 instruments; remembers what each table page asked the server. */
function serveMany() {
  signInAsAdmin()
  serveBackOffice({ instruments: many })
  const asked: URLSearchParams[] = []
  server.use(
    http.get('/api/admin/instruments', ({ request }) => {
      const query = new URL(request.url).searchParams
      asked.push(query)
      return HttpResponse.json(adminInstrumentRows(many, Object.fromEntries(query)))
    }),
  )
  return asked
}

const table = (name: string) => within(screen.getByRole('table', { name }))
const names = () =>
  table('Instrument list')
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td[data-label="Name"]')?.textContent)

describe('a back-office table in the URL', () => {
  it('opens on the page, sort and search a link names, and Back returns to the page before', async () => {
    const asked = serveMany()
    const { router, user } = await renderApp(
      '/admin?tab=instruments&page=2&sort=name&dir=desc&q=les',
    )
    await screen.findByText('Page 2 of 2 · 30 rows')
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      page: '2',
      sort: 'name',
      dir: 'desc',
      q: 'les',
    })
    expect(names()).toEqual([
      'Les Paul 09',
      'Les Paul 07',
      'Les Paul 05',
      'Les Paul 03',
      'Les Paul 01',
    ])
    expect(screen.getByRole('searchbox', { name: 'Search instruments by name' })).toHaveValue('les')
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await screen.findByText('Page 1 of 2 · 30 rows')
    expect(names()[0]).toBe('Les Paul 59')
    expect(router.state.location.search).toEqual({
      tab: 'instruments',
      sort: 'name',
      dir: 'desc',
      q: 'les',
    })

    router.history.back()
    await screen.findByText('Page 2 of 2 · 30 rows')
    expect(names()[0]).toBe('Les Paul 09')
  })

  it('a header click and a new search are entries of their own; a search typed is one entry', async () => {
    serveMany()
    const { router, user } = await renderApp('/admin?tab=instruments')
    await screen.findByText('Page 1 of 3 · 60 rows')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Page 2 of 3 · 60 rows')
    await user.click(
      within(screen.getByRole('columnheader', { name: /^Name/ })).getByRole('button'),
    )
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'name' }))
    // A new sort starts again at page 1.
    expect(router.state.location.search).not.toHaveProperty('page')
    const before = router.history.length
    await user.type(screen.getByRole('searchbox', { name: 'Search instruments by name' }), 'jazz')
    await screen.findByText('Page 1 of 2 · 30 rows')
    expect(router.state.location.search).toMatchObject({ q: 'jazz', sort: 'name', dir: 'asc' })
    expect(router.history.length).toBe(before + 1)

    router.history.back()
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('q'))
    expect(screen.getByRole('searchbox', { name: 'Search instruments by name' })).toHaveValue('')
    router.history.back()
    await screen.findByText('Page 2 of 3 · 60 rows')
    expect(router.state.location.search).toEqual({ tab: 'instruments', page: 2 })
  })

  it('a table the browser searches keeps its search and sort in the URL too', async () => {
    signInAsAdmin()
    serveBackOffice()
    const { router, user } = await renderApp('/admin?tab=categories&sort=name&dir=desc')
    const categoryNames = () =>
      table('Category list')
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td[data-label="name"]')?.textContent)
    await waitFor(() => expect(categoryNames()).toEqual(['Guitars', 'Drums']))
    await user.type(screen.getByRole('searchbox', { name: 'Search categories by name' }), 'dr')
    expect(categoryNames()).toEqual(['Drums'])
    expect(router.state.location.search).toEqual({
      tab: 'categories',
      sort: 'name',
      dir: 'desc',
      q: 'dr',
    })
  })

  it("asks the server for no sort the tab's table does not have", async () => {
    signInAsAdmin()
    serveBackOffice()
    const asked: URLSearchParams[] = []
    server.use(
      http.get('/api/admin/users', ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return HttpResponse.json({
          items: [],
          total: 0,
          totalCapped: false,
          all: 0,
          page: 1,
          pages: 0,
          pageSize: 25,
        })
      }),
    )
    await renderApp('/admin?tab=users&sort=stock&dir=desc')
    await screen.findByText('There are no users')
    expect(asked.length).toBeGreaterThan(0)
    for (const query of asked) {
      expect(query.has('sort')).toBe(false)
      expect(query.has('dir')).toBe(false)
    }
  })
})
