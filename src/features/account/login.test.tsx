import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { resetStores, serveShop, signInAs, tokenFor } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeEach(() => {
  resetStores()
  serveShop()
})

async function openLoginPanel() {
  const view = await renderApp('/')
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }))
  const dialog = await screen.findByRole('dialog', { name: 'Sign In' })
  // The panel's frame shows at once; its form follows from a chunk of its own.
  await within(dialog).findByLabelText('userName')
  return { ...view, dialog }
}

function answerLogin(role: 'admin' | 'user' | 'banned', userName = 'ana_test') {
  const bodies: unknown[] = []
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json({
        ok: 'Logged in successfully',
        token: await tokenFor(role, userName),
        userName,
      })
    }),
  )
  return bodies
}

describe('the login panel', () => {
  it('is a dialog: focus moves in, Escape closes it and focus returns to Sign In', async () => {
    const { user, dialog } = await openLoginPanel()
    expect(within(dialog).getByLabelText('userName')).toHaveFocus()
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus()
  })

  it('closes on a click outside it', async () => {
    const { user, dialog } = await openLoginPanel()
    await user.click(dialog.parentElement as HTMLElement)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('warns about empty fields and still sends, without repeating the same 400', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(
          { error: 'userName: Required', field: 'userName' },
          { status: 400 },
        )
      }),
    )
    const { user, dialog } = await openLoginPanel()
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('userName or Password required')).toBeInTheDocument()
    await waitFor(() => expect(bodies).toEqual([{ userName: '', password: '' }]))
    expect(screen.queryByText('userName: Required')).not.toBeInTheDocument()
  })

  it('warns about one empty field and still shows a server error that is not a 400', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'Too many attempts, try again in a minute' }, { status: 429 }),
      ),
    )
    const { user, dialog } = await openLoginPanel()
    await user.type(within(dialog).getByLabelText('userName'), 'ana_test')
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('userName or Password required')).toBeInTheDocument()
    expect(
      await screen.findByText('Too many attempts, try again in a minute', {
        selector: '[data-sonner-toast] *',
      }),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Too many attempts, try again in a minute',
    )
  })

  it("shows the server's error for a wrong password and stays signed out", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'Wrong userName or password' }, { status: 401 }),
      ),
    )
    const { user, dialog } = await openLoginPanel()
    await user.type(within(dialog).getByLabelText('userName'), 'ana_test')
    await user.type(within(dialog).getByLabelText('Password'), 'wrong1234')
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
    expect(
      await screen.findByText('Wrong userName or password', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument()
    // It stays beside the form after the toast has gone.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Wrong userName or password')
    expect(useSessionStore.getState().session).toBeNull()
  })

  it('sends a user home, signed in, with the Welcome greeting', async () => {
    const bodies = answerLogin('user')
    const { user, dialog, router } = await openLoginPanel()
    await user.type(within(dialog).getByLabelText('userName'), 'ana_test')
    await user.type(within(dialog).getByLabelText('Password'), 'secret123')
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Welcome')).toBeInTheDocument()
    expect(screen.getByText('ana_test')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(bodies).toEqual([{ userName: 'ana_test', password: 'secret123' }])
    expect(useSessionStore.getState().session).toMatchObject({ userName: 'ana_test' })
  })

  it('sends an admin to /admin', async () => {
    answerLogin('admin', 'admin')
    const { user, dialog, router } = await openLoginPanel()
    await user.type(within(dialog).getByLabelText('userName'), 'admin')
    await user.type(within(dialog).getByLabelText('Password'), 'admin12345')
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('removes a banned account session and warns', async () => {
    answerLogin('banned')
    const { user, dialog } = await openLoginPanel()
    await user.type(within(dialog).getByLabelText('userName'), 'ana_test')
    await user.type(within(dialog).getByLabelText('Password'), 'secret123')
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('You were banned!')).toBeInTheDocument()
    expect(useSessionStore.getState().session).toBeNull()
    expect(localStorage.getItem('dataUser')).not.toContain('token":"ey')
    // Signed out again: the bar behind the still-open panel offers Sign In.
    expect(screen.getByRole('button', { name: 'Sign In', hidden: true })).toBeInTheDocument()
  })

  it("goes to /signup from 'Don't have an account?' and closes 2 s later", async () => {
    const { user, dialog, router } = await openLoginPanel()
    await user.click(within(dialog).getByRole('link', { name: "Don't have an account?" }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'))
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 3000,
    })
  })

  it('says that Google sign-in is not configured without a client id', async () => {
    const { dialog } = await openLoginPanel()
    expect(
      within(dialog).getByRole('button', { name: 'Google sign-in is not configured' }),
    ).toBeDisabled()
  })
})

describe('the /login page', () => {
  it('has the same form', async () => {
    await renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(screen.getByLabelText('userName')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })

  it('sends a signed-in person to /', async () => {
    await signInAs('user')
    const { router } = await renderApp('/login')
    expect(router.state.location.pathname).toBe('/')
  })
})
