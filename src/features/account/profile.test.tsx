import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Sale } from '../../../contract/sales'
import type { AccountDataExport } from '../../../contract/users'
import { quanTities, useCartStore } from '../../stores/cart'
import { useSessionStore } from '../../stores/session'
import { anAccount, putInCart, resetStores, serveShop, signInAs } from '../../test/account-kit'
import { aPaidSale, stratocasterAndTwoCapos } from '../../test/order-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

const aSale: Sale = aPaidSale({
  id: 7,
  cost: 1350,
  instrument: stratocasterAndTwoCapos,
})

function serveProfile(sales: Sale[] = []) {
  server.use(
    http.get('/api/users/token', () => HttpResponse.json(anAccount)),
    http.get('/api/transactions/user', () => HttpResponse.json(sales)),
  )
}

beforeEach(() => {
  resetStores()
  serveShop()
})

describe('/user/Profile', () => {
  it('sends an anonymous visitor to /', async () => {
    const { router } = await renderApp('/user/Profile')
    expect(router.state.location.pathname).toBe('/')
  })

  it("shows the person's data, the three actions and the empty history", async () => {
    await signInAs('user')
    serveProfile()
    await renderApp('/user/Profile')
    const main = within(screen.getByRole('main'))
    for (const [term, value] of [
      ['User name', 'ana_test'],
      ['First name', 'Ana'],
      ['Last name', 'Pérez'],
      ['Email', 'ana@example.com'],
      ['Contact number', '1134567890'],
      ['Address', 'Calle 1'],
      ['Role', 'user'],
    ]) {
      expect(main.getByText(term as string).nextElementSibling).toHaveTextContent(value as string)
    }
    expect(main.getByRole('link', { name: 'Edit my information' })).toHaveAttribute(
      'href',
      '/user/info',
    )
    expect(main.getByRole('link', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/user/profile/resetpassword',
    )
    expect(main.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument()
    expect(main.getByText("You haven't bought any products yet")).toBeInTheDocument()
  })

  it('lists the purchases with their columns and a Rate instrument button per item', async () => {
    await signInAs('user')
    serveProfile([aSale])
    await renderApp('/user/Profile')
    const table = await screen.findByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers.slice(0, 6)).toEqual([
      'Sale id',
      'Date',
      'Products',
      'Instrument cost',
      'Total cost',
      'Sale status',
    ])
    expect(within(table).getByText('2026-03-04')).toBeInTheDocument()
    expect(within(table).getByText('Stratocaster')).toBeInTheDocument()
    expect(within(table).getByText('succeeded')).toBeInTheDocument()
    expect(within(table).getAllByRole('button', { name: /Rate instrument/ })).toHaveLength(2)
  })

  it('shows where an unpaid purchase is, and offers no rating for it', async () => {
    await signInAs('user')
    serveProfile([
      { ...aSale, id: 8, status: 'pending', instrument: aSale.instrument.slice(0, 1) },
      { ...aSale, id: 9, status: 'failed', instrument: aSale.instrument.slice(1) },
    ])
    await renderApp('/user/Profile')
    const table = await screen.findByRole('table')
    expect(within(table).getByText('pending')).toBeInTheDocument()
    expect(within(table).getByText('failed')).toBeInTheDocument()
    expect(within(table).queryByRole('button', { name: /Rate instrument/ })).not.toBeInTheDocument()
  })

  it('opens at the lower-case /user/profile too, and the reset page under it stays its own', async () => {
    await signInAs('user')
    serveProfile()
    await renderApp('/user/profile')
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument()
    await renderApp('/user/profile/resetpassword')
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument()
  })

  it('deletes the account on confirm: session and cart gone, back home', async () => {
    await signInAs('user')
    serveProfile()
    let deleted: unknown = null
    server.use(
      http.delete('/api/users', async ({ request }) => {
        deleted = await request.json()
        return HttpResponse.json({ ok: 'Your account was deleted' })
      }),
      // Log out still tells the server; a deleted account's token is already refused.
      http.post('/api/auth/logout', () =>
        HttpResponse.json({ error: 'You need to log in' }, { status: 401 }),
      ),
    )
    putInCart()
    expect(quanTities(useCartStore.getState())).toBe(2)
    const { user, router } = await renderApp('/user/Profile')
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account?' })
    await user.type(within(dialog).getByLabelText('Current password'), 'guitar123')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(deleted).toEqual({ currentPassword: 'guitar123' })
    expect(useSessionStore.getState().session).toBeNull()
    expect(quanTities(useCartStore.getState())).toBe(0)
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('keeps the account on cancel and lands on /user/profile', async () => {
    await signInAs('user')
    serveProfile()
    const { user, router } = await renderApp('/user/Profile')
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/user/profile')
    expect(useSessionStore.getState().session).not.toBeNull()
  })

  it('Download my data saves the export of the signed-in account as a JSON file', async () => {
    await signInAs('user')
    serveProfile()
    const seen: (string | null)[] = []
    server.use(
      http.get('/api/users/me/export', ({ request }) => {
        seen.push(request.headers.get('authorization'))
        const at = '2026-11-29T10:00:00.000Z'
        const data: AccountDataExport = {
          exportedAt: at,
          profile: { ...anAccount, createdAt: at },
          addresses: [],
          orders: [],
          reviews: [],
          favourites: [],
          stockAlerts: [],
          consents: { emailVerifiedAt: at, newsletterSince: null },
        }
        return HttpResponse.json(data, {
          headers: { 'Content-Disposition': 'attachment; filename="data.json"' },
        })
      }),
    )
    const saved: string[] = []
    URL.createObjectURL = vi.fn(() => 'blob:data')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    const { user } = await renderApp('/user/Profile')
    await user.click(await screen.findByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toMatch(/^instrument-shop-data-\d{4}-\d\d-\d\d\.json$/)
    expect(seen).toEqual([expect.stringMatching(/^Bearer \S+/)])
  })
})
