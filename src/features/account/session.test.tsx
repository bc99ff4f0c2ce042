import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { quanTities, useCartStore } from '../../stores/cart'
import { useSessionStore } from '../../stores/session'
import { putInCart, resetStores, serveShop, signInAs, tokenFor } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeEach(() => {
  resetStores()
  serveShop()
})

/** What a person's browser holds under `dataUser` when the shop starts. */
async function startWith(stored: string) {
  localStorage.setItem('dataUser', stored)
  await useSessionStore.persist.rehydrate()
}

describe('the session kept under dataUser', () => {
  it('loads logged out from corrupted JSON', async () => {
    await startWith('{not json')
    await renderApp('/')
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(screen.queryByText('Welcome')).not.toBeInTheDocument()
  })

  it('loads logged out from a token that is not a JWT', async () => {
    await startWith(
      JSON.stringify({ state: { session: { token: 'garbage', userName: 'ana' } }, version: 1 }),
    )
    await renderApp('/')
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(useSessionStore.getState().session).toBeNull()
  })

  it('loads logged out from an expired token', async () => {
    const expired = await tokenFor('user', 'ana_test', Math.floor(Date.now() / 1000) - 60)
    await startWith(
      JSON.stringify({ state: { session: { token: expired, userName: 'ana_test' } }, version: 1 }),
    )
    const { router } = await renderApp('/user/Profile')
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('loads signed in from a live token: Profile, Log out, Welcome and the name', async () => {
    const live = await tokenFor('user', 'ana_test')
    await startWith(
      JSON.stringify({ state: { session: { token: live, userName: 'ana_test' } }, version: 1 }),
    )
    await renderApp('/')
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/user/Profile',
    )
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.getByText('Welcome')).toHaveTextContent('Welcome ana_test')
  })

  it('ends when the server answers 401, and the profile sends the person home', async () => {
    await signInAs('user')
    server.use(
      http.get('/api/users/token', () =>
        HttpResponse.json({ error: 'Session ended' }, { status: 401 }),
      ),
      http.get('/api/transactions/user', () => HttpResponse.json([])),
    )
    const { router } = await renderApp('/user/Profile')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(useSessionStore.getState().session).toBeNull()
    // The guard offers to sign in again, and would bring the person back to the profile.
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In', hidden: true })).toBeInTheDocument()
  })
})

describe('every end of a session', () => {
  it('a 401 empties the cart and drops the account data, as log out does', async () => {
    await signInAs('user')
    putInCart()
    server.use(
      http.get('/api/users/token', () =>
        HttpResponse.json({ error: 'Session ended' }, { status: 401 }),
      ),
      http.get('/api/transactions/user', () => HttpResponse.json([])),
    )
    const { router, queryClient } = await renderApp('/user/Profile')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(quanTities(useCartStore.getState())).toBe(0)
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['sales'] })).toEqual([]),
    )
  })
})

describe('log out', () => {
  it('empties the cart, removes the session and goes to /', async () => {
    await signInAs('user')
    const token = useSessionStore.getState().session?.token
    const ended: (string | null)[] = []
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        ended.push(request.headers.get('Authorization'))
        return HttpResponse.json({ ok: 'Logged out' })
      }),
    )
    putInCart()
    expect(quanTities(useCartStore.getState())).toBe(2)
    const { user, router } = await renderApp('/signup')
    await user.click(await screen.findByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(useSessionStore.getState().session).toBeNull()
    expect(useCartStore.getState()).toMatchObject({ cartItems: [] })
    expect(quanTities(useCartStore.getState())).toBe(0)
    expect(localStorage.getItem('dataUser')).toContain('"session":null')
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    // The session also ends on the server, with the token it had.
    await waitFor(() => expect(ended).toEqual([`Bearer ${token}`]))
  })
})

describe('the guards', () => {
  it('shows the not-found page at /admin to a user', async () => {
    await signInAs('user')
    await renderApp('/admin')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
  })

  it('sends an admin from / to /admin', async () => {
    await signInAs('admin', 'admin')
    const { router } = await renderApp('/')
    expect(router.state.location.pathname).toBe('/admin')
  })
})
