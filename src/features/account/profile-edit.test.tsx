import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { anAccount, resetStores, serveShop, signInAs } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

beforeEach(() => {
  resetStores()
  serveShop()
})

const page = () => within(screen.getByRole('main'))
const errorOf = (label: string) => {
  const ids = page().getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ')
}

describe('/user/info', () => {
  it('sends an anonymous visitor to /', async () => {
    const { router } = await renderApp('/user/info')
    expect(router.state.location.pathname).toBe('/')
  })

  it("shows 'Input required' for each empty field and keeps userName and email read-only", async () => {
    await signInAs('user')
    server.use(
      http.get('/api/users/token', () =>
        HttpResponse.json({
          ...anAccount,
          firstName: null,
          lastName: null,
          contactNumber: null,
          buyerAddress: null,
        }),
      ),
    )
    const { user } = await renderApp('/user/info')
    expect(await page().findByRole('link', { name: 'Go back' })).toHaveAttribute(
      'href',
      '/user/Profile',
    )
    expect(page().getByLabelText('userName')).toHaveValue('ana_test')
    expect(page().getByLabelText('userName')).toHaveAttribute('readonly')
    expect(page().getByLabelText('email')).toHaveValue('ana@example.com')
    expect(page().getByLabelText('email')).toHaveAttribute('readonly')
    await user.click(page().getByRole('button', { name: 'Send' }))
    for (const label of ['firstName', 'lastName', 'contactNumber', 'buyerAddress']) {
      await waitFor(() => expect(errorOf(label)).toBe('Input required'))
    }
  })

  it("shows 'should have 10 digits at least' for a short phone", async () => {
    await signInAs('user')
    server.use(http.get('/api/users/token', () => HttpResponse.json(anAccount)))
    const { user } = await renderApp('/user/info')
    const phone = await page().findByLabelText('contactNumber')
    await user.clear(phone)
    await user.type(phone, '123-456')
    await user.click(page().getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(errorOf('contactNumber')).toBe('should have 10 digits at least'))
  })

  it('mails, saves, shows the success and goes home', async () => {
    await signInAs('user')
    const calls: string[] = []
    server.use(
      http.get('/api/users/token', () => HttpResponse.json(anAccount)),
      http.post('/api/mail/profile', () => {
        calls.push('mail')
        return HttpResponse.json({ ok: 'We have sent you an email' })
      }),
      http.put('/api/users', async ({ request }) => {
        calls.push(`put ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ ok: 'Your information was updated successfully' })
      }),
    )
    const { user, router } = await renderApp('/user/info')
    const first = await page().findByLabelText('firstName')
    await user.clear(first)
    await user.type(first, 'Ana María')
    await user.click(page().getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Your information was updated successfully')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls).toEqual([
      'mail',
      'put {"firstName":"Ana María","lastName":"Pérez","contactNumber":"1134567890","buyerAddress":"Calle 1"}',
    ])
  })
})
