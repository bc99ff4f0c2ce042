import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetStores, serveShop } from '../../test/account-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

// The mails' links act on a press only: a mail scanner that opens them runs no button.
describe('the back-in-stock mail links', () => {
  let posted: { path: string; token: unknown }[] = []
  beforeEach(() => {
    posted = []
    resetStores()
    serveShop()
    for (const path of ['confirm', 'unsubscribe']) {
      server.use(
        http.post(`/api/alerts/${path}`, async ({ request }) => {
          const { token } = (await request.json()) as { token: unknown }
          posted.push({ path, token })
          return HttpResponse.json({ ok: path === 'confirm' ? 'Alert confirmed' : 'Alert stopped' })
        }),
      )
    }
  })

  it('confirms only when the button is pressed, then says so', async () => {
    const { user } = await renderApp('/alerts?confirm=tok-1')
    const confirm = await screen.findByRole('button', { name: 'Confirm the alert' })
    expect(posted).toEqual([])
    await user.click(confirm)
    expect(await screen.findByText('Alert confirmed')).toBeInTheDocument()
    expect(posted).toEqual([{ path: 'confirm', token: 'tok-1' }])
    expect(screen.queryByRole('button', { name: 'Confirm the alert' })).not.toBeInTheDocument()
  })

  it('stops only when the button is pressed', async () => {
    const { user } = await renderApp('/alerts?stop=tok-2')
    const stop = await screen.findByRole('button', { name: 'Stop the mails' })
    expect(posted).toEqual([])
    await user.click(stop)
    expect(await screen.findByText('Alert stopped')).toBeInTheDocument()
    expect(posted).toEqual([{ path: 'unsubscribe', token: 'tok-2' }])
  })
})
