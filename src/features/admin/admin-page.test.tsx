import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminQueries } from '../../api/admins'
import { favouriteQueries } from '../../api/favourites'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'
import { adminUserRows } from '../../mocks/admin-pages'
import { quanTities, useCartStore } from '../../stores/cart'
import { useSessionStore } from '../../stores/session'
import { allowUndescribedAnswers } from '../../test/answer-check'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { admins, serveBackOffice, signInAsAdmin, users } from './admin-test-data'

// Whole-app renders under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

// The session store outlives a test's localStorage; nobody stays signed in into the next test.
afterEach(() => useSessionStore.getState().signOut())

const backOffice = () => within(screen.getByRole('region', { name: 'Admin back office' }))

describe('the back office frame (docs/product.md §2)', () => {
  it('shows the tabs, the greeting and Instruments by default', async () => {
    signInAsAdmin('boss')
    serveBackOffice()
    await renderApp('/admin')
    const nav = screen.getByRole('navigation', { name: 'Back office' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      ...['Instruments', 'Users', 'Categories', 'Admins', 'Historyshops', 'Profile', 'Audit'],
      ...['Shipping', 'Taxes', 'Discounts'],
    ])
    expect(within(nav).getByRole('link', { name: 'Instruments' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(backOffice().getByText('Welcome boss')).toBeInTheDocument()
    expect(await screen.findByRole('columnheader', { name: /idInstrument/ })).toBeInTheDocument()
  })

  it('keeps the tab in the URL and falls back to Instruments on a bad one', async () => {
    signInAsAdmin()
    serveBackOffice()
    const { router, user } = await renderApp('/admin?tab=nonsense')
    expect(router.state.location.search).toEqual({ tab: 'instruments' })
    await user.click(screen.getByRole('link', { name: 'Users' }))
    expect(await screen.findByRole('columnheader', { name: /FullName/ })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ tab: 'users' })
  })

  it('keeps the previous tab, marked busy, until the next one has loaded', async () => {
    signInAsAdmin()
    serveBackOffice()
    let answerUsers = () => {}
    server.use(
      http.get('/api/admin/users', async ({ request }) => {
        await new Promise<void>((resolve) => {
          answerUsers = resolve
        })
        return HttpResponse.json(
          adminUserRows(users, { q: new URL(request.url).searchParams.get('q') ?? undefined }),
        )
      }),
    )
    const { user } = await renderApp('/admin?tab=categories')
    await screen.findByRole('columnheader', { name: /Category_id/ })
    await user.click(screen.getByRole('link', { name: 'Users' }))
    const panel = screen.getByRole('heading', { level: 1 }).nextElementSibling
    await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'true'))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Categories')
    // Only the tab being opened looks current, not the one still shown as well.
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual(['Users'])
    answerUsers()
    expect(await screen.findByRole('columnheader', { name: /FullName/ })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Users')
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveAttribute(
      'aria-busy',
      'false',
    )
  })

  it('is the not-found page for anyone but an admin', async () => {
    await renderApp('/admin')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
  })

  it('switching tabs closes an open create form', async () => {
    signInAsAdmin()
    serveBackOffice()
    const { user } = await renderApp('/admin?tab=categories')
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    expect(
      screen.getByRole('heading', { name: 'Registrar una nueva Category' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Admins' }))
    await user.click(await screen.findByRole('link', { name: 'Categories' }))
    await screen.findByRole('columnheader', { name: /Category_id/ })
    expect(screen.queryByRole('heading', { name: 'Registrar una nueva Category' })).toBeNull()
  })

  it('searching closes an open create form', async () => {
    signInAsAdmin()
    serveBackOffice()
    const { user } = await renderApp('/admin?tab=admins')
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    expect(screen.getByRole('heading', { name: 'Registrar una nueva' })).toBeInTheDocument()
    await user.type(backOffice().getByRole('searchbox'), 'adm')
    expect(screen.queryByRole('heading', { name: 'Registrar una nueva' })).toBeNull()
  })

  it('Log out empties the cart, ends the session and goes home', async () => {
    signInAsAdmin()
    serveBackOffice()
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ ok: 'Logged out' })))
    useCartStore.setState({
      cartItems: [
        {
          id: 1,
          name: 'Strat',
          brand: 'Fender',
          price: 1,
          img: '',
          status: 'New',
          stock: 2,
          count: 2,
        },
      ],
    })
    const { router, user, queryClient } = await renderApp('/admin?tab=profile')
    await screen.findByText('admin@example.com')
    const empty = async () => []
    await queryClient.prefetchQuery({ ...userQueries.list(), queryFn: empty })
    await queryClient.prefetchQuery({ ...adminQueries.list(), queryFn: empty })
    await queryClient.prefetchQuery({ ...saleQueries.list(), queryFn: empty })
    await queryClient.prefetchQuery({ ...favouriteQueries.list(), queryFn: empty })
    await user.click(backOffice().getByRole('button', { name: 'Log out' }))
    expect(useSessionStore.getState().session).toBeNull()
    expect(quanTities(useCartStore.getState())).toBe(0)
    expect(router.state.location.pathname).toBe('/')
    // The next person on this browser sees nothing of the admin's (the keys carry no user).
    await waitFor(() => {
      for (const key of ['users', 'admins', 'sales', 'favourites']) {
        expect(queryClient.getQueryCache().findAll({ queryKey: [key] })).toEqual([])
      }
    })
  })

  it("the Profile tab shows the admin, 'unknown' for an empty role, and Change Password", async () => {
    signInAsAdmin()
    allowUndescribedAnswers()
    serveBackOffice({ admins: [{ ...(admins[0] as (typeof admins)[0]), rol: '' as 'admin' }] })
    await renderApp('/admin?tab=profile')
    expect(await screen.findByText('admin@example.com')).toBeInTheDocument()
    expect(screen.getByText('Root')).toBeInTheDocument()
    expect(screen.getByText('unknown')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/user/profile/resetpassword',
    )
  })
})
