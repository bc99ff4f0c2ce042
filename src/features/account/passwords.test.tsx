import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { anAccount, resetStores, serveShop, signInAs, tokenFor } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeEach(() => {
  resetStores()
  serveShop()
})

const page = () => within(screen.getByRole('main'))

function recordResetMail() {
  const bodies: unknown[] = []
  server.use(
    http.post('/api/mail/resetpassword', async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json({ ok: 'We have sent you an email' })
    }),
  )
  return bodies
}

describe('the reset request page', () => {
  it("asks for the user variant and says 'We have sent you an email'", async () => {
    const bodies = recordResetMail()
    const { user } = await renderApp('/user/profile/resetpassword')
    await user.type(await page().findByLabelText('email'), 'ana@example.com')
    await user.click(page().getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('We have sent you an email')).toBeInTheDocument()
    expect(bodies).toEqual([{ email: 'ana@example.com', variant: 'user' }])
  })

  it("is the profile variant with a session: 'Email has sent you'", async () => {
    await signInAs('user')
    server.use(http.get('/api/users/token', () => HttpResponse.json(anAccount)))
    const bodies = recordResetMail()
    const { user } = await renderApp('/user/profile/resetpassword')
    await waitFor(() => expect(page().getByLabelText('email')).toHaveValue('ana@example.com'))
    await user.click(page().getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Email has sent you')).toBeInTheDocument()
    expect(bodies).toEqual([{ email: 'ana@example.com', variant: 'profile' }])
  })

  it("checks the address: 'Invalid email address'", async () => {
    const { user } = await renderApp('/user/profile/resetpassword')
    await user.type(await page().findByLabelText('email'), 'not-an-address')
    await user.click(page().getByRole('button', { name: 'Send' }))
    expect(await page().findByText('Invalid email address')).toBeInTheDocument()
  })
})

describe('the change page', () => {
  async function fill(url: string, password: string, confirm: string) {
    const view = await renderApp(url)
    expect(await page().findByRole('heading', { name: 'CHANGE YOUR PASSWORD' })).toBeInTheDocument()
    await view.user.type(page().getByLabelText('email'), 'ana@example.com')
    await view.user.type(page().getByLabelText('password'), password)
    await view.user.type(page().getByLabelText('confirm password'), confirm)
    await view.user.click(page().getByRole('button', { name: 'Send' }))
    return view
  }

  it("says 'Las contraseñas no coinciden' when the two differ", async () => {
    await fill('/user/resetpassword?token=abc', 'newpass123', 'newpass124')
    const confirm = page().getByLabelText('confirm password')
    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'true'))
    expect(page().getByText('Las contraseñas no coinciden').id).toBe(
      confirm.getAttribute('aria-describedby'),
    )
  })

  it('posts email, pass and the link token, then goes home', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/api/users/resetpass', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ ok: 'Your password was changed' })
      }),
    )
    const { router } = await fill('/user/resetpassword?token=abc', 'newpass123', 'newpass123')
    expect(await screen.findByText('Your password was changed')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(bodies).toEqual([{ email: 'ana@example.com', pass: 'newpass123', token: 'abc' }])
  })

  it("shows the server's error for a used link", async () => {
    server.use(
      http.post('/api/users/resetpass', () =>
        HttpResponse.json(
          { error: 'This reset link is invalid, used or expired: ask for a new one' },
          { status: 400 },
        ),
      ),
    )
    await fill('/admin/resetpassword?token=old', 'newpass123', 'newpass123')
    expect(
      await screen.findByText('This reset link is invalid, used or expired: ask for a new one'),
    ).toBeInTheDocument()
    expect(page().getByText('Administrator account')).toBeInTheDocument()
  })

  it('from the profile, signs in again with the new password and returns to the profile', async () => {
    await signInAs('user')
    const newToken = await tokenFor('user')
    const logins: unknown[] = []
    server.use(
      http.post('/api/users/resetpass', () =>
        HttpResponse.json({ ok: 'Your password was changed' }),
      ),
      http.post('/api/auth/login', async ({ request }) => {
        logins.push(await request.json())
        return HttpResponse.json({ ok: 'Logged in', token: newToken, userName: 'ana_test' })
      }),
      http.get('/api/users/token', () => HttpResponse.json(anAccount)),
      http.get('/api/transactions/user', () => HttpResponse.json([])),
    )
    const { router } = await fill(
      '/user/resetpassword?token=abc&from=profile',
      'newpass123',
      'newpass123',
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Profile'))
    expect(logins).toEqual([{ userName: 'ana_test', password: 'newpass123' }])
    expect(useSessionStore.getState().session?.token).toBe(newToken)
  })

  it('signed in without a mailed link, asks for the current password and sends it', async () => {
    await signInAs('user')
    const bodies: unknown[] = []
    server.use(
      http.post('/api/users/resetpass', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ ok: 'Your password was changed' })
      }),
      http.get('/api/users/token', () => HttpResponse.json(anAccount)),
    )
    const view = await renderApp('/user/resetpassword')
    await view.user.type(await page().findByLabelText('current password'), 'oldpass123')
    await view.user.type(page().getByLabelText('email'), 'ana@example.com')
    await view.user.type(page().getByLabelText('password', { exact: true }), 'newpass123')
    await view.user.type(page().getByLabelText('confirm password'), 'newpass123')
    await view.user.click(page().getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Your password was changed')).toBeInTheDocument()
    expect(bodies).toEqual([
      { email: 'ana@example.com', pass: 'newpass123', currentPassword: 'oldpass123' },
    ])
  })
})
