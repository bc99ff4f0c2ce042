import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appPath } from '../../lib/return-path'
import { anAccount, resetStores, serveShop, tokenFor } from '../../test/account-kit'
import { aPaidSale, orderOf } from '../../test/order-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

vi.setConfig({ testTimeout: 20_000 })

beforeEach(() => {
  resetStores()
  sessionStorage.clear()
  serveShop()
  server.use(
    http.get('/api/users/token', () => HttpResponse.json(anAccount)),
    http.get('/api/sales/:id', () => HttpResponse.json(orderOf(aPaidSale(), { actions: [] }))),
    http.post('/api/auth/login', async () =>
      HttpResponse.json({ ok: 'Logged in', token: await tokenFor('user'), userName: 'ana_test' }),
    ),
  )
})

async function logIn(
  dialog: HTMLElement,
  user: {
    type: (el: Element, text: string) => Promise<void>
    click: (el: Element) => Promise<void>
  },
) {
  await user.type(await within(dialog).findByLabelText('userName'), 'ana_test')
  await user.type(within(dialog).getByLabelText('Password'), 'guitar123')
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
}

describe('a guarded page opened signed out (the order link of an order mail)', () => {
  it('lands on / with Sign In open, and signing in brings the shopper back to the order', async () => {
    const { router, user } = await renderApp('/user/orders/41?from=mail')
    expect(router.state.location.pathname).toBe('/')
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' })
    await logIn(dialog, user)
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #41' })).toBeInTheDocument()
    expect(router.state.location.href).toBe('/user/orders/41?from=mail')
    expect(sessionStorage.getItem('returnTo')).toBeNull()
  })

  it('forgets the page when the shopper closes Sign In: a later sign-in goes home', async () => {
    const { router, user } = await renderApp('/checkout')
    await screen.findByRole('dialog', { name: 'Sign In' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await logIn(await screen.findByRole('dialog', { name: 'Sign In' }), user)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/')
  })

  it('never follows a remembered address to another site', async () => {
    const { router, user } = await renderApp('/')
    sessionStorage.setItem('returnTo', '//evil.example/user/orders/41')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await logIn(await screen.findByRole('dialog', { name: 'Sign In' }), user)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.href).toBe('/')
  })
})

describe('appPath: only a path of this shop', () => {
  const origin = 'https://shop.example'
  it.each([
    ['/user/orders/41', '/user/orders/41'],
    ['/checkout?step=2#pay', '/checkout?step=2#pay'],
    ['/user/../admin', '/admin'],
  ])('keeps %s', (value, path) => expect(appPath(value, origin)).toBe(path))

  it.each([
    'https://evil.example/user/orders/41',
    '//evil.example/x',
    '/\\evil.example/x',
    '/a/..//evil.com',
    '/a/../\\evil.com',
    'javascript:alert(1)',
    'user/orders/41',
    '/login',
    '/signup?x=1',
    '',
    null,
  ])('refuses %s', (value) => expect(appPath(value, origin)).toBeNull())
})
