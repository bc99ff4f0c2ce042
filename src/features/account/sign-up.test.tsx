import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetStores, serveShop, signInAs } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeEach(() => {
  resetStores()
  serveShop()
})

// Inside the page: the footer's newsletter has an email field of its own.
const field = (label: string) => within(screen.getByRole('main')).getByLabelText(label)
const errorOf = (label: string) => {
  const input = field(label)
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ')
}

describe('/signup', () => {
  it("shows 'Required' under each empty field, linked to it", async () => {
    const { user } = await renderApp('/signup')
    await user.click(await screen.findByRole('button', { name: 'Sign up' }))
    for (const label of ['userName', 'email', 'password', 'confirmpassword']) {
      await waitFor(() => expect(field(label)).toHaveAttribute('aria-invalid', 'true'))
      expect(errorOf(label)).toContain('Required')
    }
  })

  it('needs 4 characters for userName', async () => {
    const { user } = await renderApp('/signup')
    await user.type(await within(screen.getByRole('main')).findByLabelText('userName'), 'ana')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(errorOf('userName')).toBe('Required'))
  })

  it("shows 'Invalid email address', 'Invalid Password' and 'different Password'", async () => {
    const { user } = await renderApp('/signup')
    await user.type(await within(screen.getByRole('main')).findByLabelText('userName'), 'ana_test')
    await user.type(field('email'), 'ana@nowhere')
    await user.type(field('password'), 'onlyletters')
    await user.type(field('confirmpassword'), 'something9')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(errorOf('email')).toContain('Invalid email address')
    expect(errorOf('password')).toContain('Invalid Password')
    expect(errorOf('confirmpassword')).toContain('different Password')
    expect(errorOf('userName')).toBe('')
  })

  it("mails, registers, shows the server's ok and goes home", async () => {
    const calls: string[] = []
    server.use(
      http.post('/api/mail/sign', async ({ request }) => {
        calls.push(`sign ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ ok: 'We have sent you an email' })
      }),
      http.post('/api/auth/register', async ({ request }) => {
        calls.push(`register ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ ok: 'User created successfully' })
      }),
    )
    const { user, router } = await renderApp('/signup')
    await user.type(await within(screen.getByRole('main')).findByLabelText('userName'), 'ana_test')
    await user.type(field('email'), 'ana@example.com')
    await user.type(field('password'), 'secret123')
    await user.type(field('confirmpassword'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('User created successfully')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls).toEqual([
      'sign {"email":"ana@example.com","userName":"ana_test"}',
      'register {"userName":"ana_test","email":"ana@example.com","password":"secret123","confirmpassword":"secret123"}',
    ])
  })

  it("shows the server's error when the name is taken", async () => {
    server.use(
      http.post('/api/mail/sign', () => HttpResponse.json({ ok: 'We have sent you an email' })),
      http.post('/api/auth/register', () =>
        HttpResponse.json({ error: 'That userName is already taken' }, { status: 400 }),
      ),
    )
    const { user, router } = await renderApp('/signup')
    await user.type(await within(screen.getByRole('main')).findByLabelText('userName'), 'ana_test')
    await user.type(field('email'), 'ana@example.com')
    await user.type(field('password'), 'secret123')
    await user.type(field('confirmpassword'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('That userName is already taken')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/signup')
  })

  it("opens the login panel from 'Have an account? Log in now'", async () => {
    const { user } = await renderApp('/signup')
    await user.click(await screen.findByRole('button', { name: 'Have an account? Log in now' }))
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('sends a signed-in person to /', async () => {
    await signInAs('user')
    const { router } = await renderApp('/signup')
    expect(router.state.location.pathname).toBe('/')
  })
})
