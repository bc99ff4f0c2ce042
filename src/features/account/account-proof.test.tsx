import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { anAccount, resetStores, serveShop, signInAs, tokenFor } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

// Proving an address in the SPA: the confirmation link's page, Resend on the profile, and the proof the
// delete dialog asks for (a password, or a fresh sign-in for an account without one).

function serveProfile(account = anAccount) {
  server.use(
    http.get('/api/users/token', () => HttpResponse.json(account)),
    http.get('/api/transactions/user', () => HttpResponse.json([])),
  )
}

beforeEach(() => {
  resetStores()
  serveShop()
})

describe('/user/verify-email', () => {
  it('posts the link token once and shows the answer', async () => {
    const posted: unknown[] = []
    server.use(
      http.post('/api/auth/verify-email', async ({ request }) => {
        posted.push(await request.json())
        return HttpResponse.json({ ok: 'Your e-mail address is confirmed' })
      }),
    )
    await renderApp('/user/verify-email?token=abc123')
    // The first test of the file also waits for the page's code to load.
    expect(
      await screen.findByText('Your e-mail address is confirmed', {}, { timeout: 5_000 }),
    ).toBeInTheDocument()
    expect(posted).toEqual([{ token: 'abc123' }])
  })

  it("shows the server's refusal of a used or expired link", async () => {
    server.use(
      http.post('/api/auth/verify-email', () =>
        HttpResponse.json(
          { error: 'This confirmation link is invalid, used or expired', field: 'token' },
          { status: 400 },
        ),
      ),
    )
    await renderApp('/user/verify-email?token=used')
    expect(
      await screen.findByText('This confirmation link is invalid, used or expired'),
    ).toBeInTheDocument()
  })
})

describe('the profile of an unconfirmed address', () => {
  it('offers Resend, which asks the server for a new link', async () => {
    await signInAs('user')
    serveProfile({ ...anAccount, emailVerified: false })
    let resent = 0
    server.use(
      http.post('/api/auth/verify-email/resend', () => {
        resent += 1
        return HttpResponse.json({ ok: 'We have sent you an email' })
      }),
    )
    const { user } = await renderApp('/user/Profile')
    const main = within(await screen.findByRole('main'))
    expect(await main.findByText(/not confirmed yet/)).toBeInTheDocument()
    await user.click(main.getByRole('button', { name: 'Resend' }))
    expect(await screen.findByText('We have sent you an email')).toBeInTheDocument()
    expect(resent).toBe(1)
  })

  it('says nothing of it once the address is confirmed', async () => {
    await signInAs('user')
    serveProfile()
    await renderApp('/user/Profile')
    await screen.findByRole('button', { name: 'Delete my account' })
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument()
  })
})

describe('the delete dialog', () => {
  it('shows a wrong current password under the field and keeps the account', async () => {
    await signInAs('user')
    serveProfile()
    server.use(
      http.delete('/api/users', () =>
        HttpResponse.json(
          { error: 'Your current password is not this one', field: 'currentPassword' },
          { status: 400 },
        ),
      ),
    )
    const { user, router } = await renderApp('/user/Profile')
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account?' })
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong1234')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(
      await within(dialog).findByText('Your current password is not this one'),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/user/Profile')
    expect(useSessionStore.getState().session).not.toBeNull()
  })

  it('asks an account without a password to sign in again after 5 minutes', async () => {
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60
    const token = await tokenFor('user')
    const [head, , signature] = token.split('.')
    const stale = `${head}.${Buffer.from(
      JSON.stringify({
        user_rol: 'user',
        userName: 'ana_test',
        sub: '1',
        iat: sixMinutesAgo,
        exp: sixMinutesAgo + 3600,
      }),
    ).toString('base64url')}.${signature}`
    useSessionStore.getState().signIn({ token: stale, userName: 'ana_test' })
    serveProfile({ ...anAccount, hasPassword: false })
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ ok: 'Logged out' })))
    const { user } = await renderApp('/user/Profile')
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account?' })
    expect(within(dialog).getByText(/Sign in again to delete your account/)).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }))
    await waitFor(() => expect(useSessionStore.getState().session).toBeNull())
  })

  it('deletes an account without a password right after a sign-in, asking no password', async () => {
    await signInAs('user')
    serveProfile({ ...anAccount, hasPassword: false })
    let body: unknown = null
    server.use(
      http.delete('/api/users', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ok: 'Your account was deleted' })
      }),
      http.post('/api/auth/logout', () => HttpResponse.json({ ok: 'Logged out' })),
    )
    const { user, router } = await renderApp('/user/Profile')
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(body).toEqual({})
  })
})
