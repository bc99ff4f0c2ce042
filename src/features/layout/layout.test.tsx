import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

/** A token the client can read (it never checks signatures; the server does). */
function fakeToken(userName: string) {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${part({ alg: 'HS256' })}.${part({ sub: '5', userName, user_rol: 'user', exp })}.sig`
}

describe('frame', () => {
  it('has a skip link, the navigation bar and the footer with the shop details', async () => {
    await renderApp('/aboutUs')
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main')
    expect(screen.getByRole('link', { name: 'Instrument Shop home' })).toHaveAttribute('href', '/')
    expect(screen.getAllByRole('link', { name: 'About US' })[0]).toHaveAttribute('href', '/aboutUs')
    expect(
      await screen.findByText('Monday to Friday 9:00 to 19:00, closed at weekends'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
    for (const network of ['Instagram', 'Facebook', 'YouTube', 'X']) {
      expect(
        screen.getByRole('link', { name: `${network} (opens in a new tab)` }),
      ).toBeInTheDocument()
    }
  })

  it('shows the shop description and 7 team members on About us', async () => {
    await renderApp('/aboutUs')
    expect(
      screen.getByText(/an e-commerce for selling and distributing musical instruments/),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7)
    expect(screen.getAllByRole('link', { name: /on GitHub/ })).toHaveLength(7)
  })

  it('opens the small-screen menu with its toggle and closes it with Escape', async () => {
    const { user } = await renderApp('/aboutUs')
    const toggle = screen.getByRole('button', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    await user.click(screen.getByRole('heading', { level: 1 }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('greets by name in the chat link when someone is signed in', async () => {
    await renderApp('/aboutUs')
    const anonymous = await screen.findByRole('link', { name: /Chat with us/ })
    expect(decodeURIComponent(anonymous.getAttribute('href') ?? '')).toContain(
      'Hello! I have a question',
    )
    useSessionStore.getState().signIn({ token: fakeToken('maria'), userName: 'maria' })
    await waitFor(() =>
      expect(decodeURIComponent(anonymous.getAttribute('href') ?? '')).toContain("I'm maria"),
    )
    useSessionStore.getState().signOut()
  })
})

describe('newsletter', () => {
  it('checks the e-mail with the contract rule before sending', async () => {
    const { user } = await renderApp('/aboutUs')
    await user.type(await screen.findByLabelText('email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
  })

  it('posts the e-mail to /mail/news and confirms with a toast', async () => {
    let body: unknown
    server.use(
      http.post('/api/mail/news', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ok: 'Thank you for subscribing to our newsletter' })
      }),
    )
    const { user } = await renderApp('/aboutUs')
    await user.type(await screen.findByLabelText('email'), 'fan@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(
      await screen.findByText('Thank you for subscribing to our newsletter'),
    ).toBeInTheDocument()
    expect(body).toEqual({ email: 'fan@example.com' })
  })
})
