import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../test/render'
import { server } from '../test/server'
import { mockShopHandlers } from './handlers'

// The mock backend's handlers in the component tests: every answer they give is checked against
// the API description (src/test/answer-check.ts), as the browser and Playwright use them.
// A file's first render loads the route code cold, which takes more than findBy's 1 s on a busy machine.
const firstRender = { timeout: 5000 }

describe('the mock backend', () => {
  it('serves the storefront the demo catalogue, without the banned category', async () => {
    server.use(...mockShopHandlers())
    await renderApp('/')
    const filter = within(await screen.findByRole('group', { name: 'Categories' }, firstRender))
    expect(await screen.findByText('Fender Player Stratocaster')).toBeInTheDocument()
    expect(await filter.findByRole('radio', { name: 'Drums' })).toBeInTheDocument()
    expect(filter.queryByRole('radio', { name: 'Vintage Collection' })).toBeNull()
  })

  it('signs in a demo shopper with the QA password', async () => {
    server.use(...mockShopHandlers())
    const { user } = await renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Sign In' }, firstRender))
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign In' }))
    await user.type(await dialog.findByLabelText('userName'), 'lucia.m')
    await user.type(dialog.getByLabelText('Password'), 'qa-demo-password')
    await user.click(dialog.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('lucia.m')).toBeInTheDocument()
  })
})
