import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockShopHandlers } from '../../mocks/handlers'
import { createMockShop } from '../../mocks/mock-shop'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

// The pricing tabs against the mock backend (src/mocks/pricing-handlers.ts), which answers as the
// API description says (src/test/answer-check.ts).
vi.setConfig({ testTimeout: 20_000 })
afterEach(() => useSessionStore.getState().signOut())

function openAs(tab: string) {
  const shop = createMockShop()
  server.use(...mockShopHandlers(shop))
  const admin = shop.accounts.find((a) => a.rol === 'admin')
  if (!admin) throw new Error('the mock shop has no admin')
  useSessionStore.getState().signIn({ token: shop.tokenFor(admin), userName: admin.userName })
  return { shop, view: renderApp(`/admin?tab=${tab}`) }
}

// Room for a busy machine: each write waits the back office's 400 ms submit delay, then a refetch.
const slow = { timeout: 5000 }
const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' }, slow)

describe('the pricing tabs', () => {
  it('Shipping: creates a zone with its countries and methods, and edits a method in its form', async () => {
    const { shop, view } = openAs('shipping')
    const { user } = await view
    await screen.findByText(
      'No shipping zones yet: the shop charges no shipping',
      {},
      { timeout: 5000 },
    )
    await user.click(screen.getByRole('button', { name: 'Create' }))
    const panel = within(screen.getByRole('region', { name: 'New shipping zone' }))
    await user.type(panel.getByLabelText('Name'), 'Iberia')
    await user.type(panel.getByLabelText('Countries (comma-separated)'), 'Spain, Portugal')
    await user.type(panel.getByLabelText('Method 1 name'), 'Standard')
    await user.type(panel.getByLabelText('Price'), '10')
    await user.click(panel.getByRole('button', { name: 'Add a method' }))
    await user.type(panel.getByLabelText('Method 2 name'), 'Express')
    await user.type(panel.getAllByLabelText('Price')[1] as HTMLElement, '25')
    await user.type(panel.getAllByLabelText('Days')[1] as HTMLElement, '1')
    await user.click(panel.getByRole('button', { name: 'Create' }))

    expect(await toast('Shipping zone created')).toBeInTheDocument()
    const row = (await screen.findByText('Iberia', {}, slow)).closest('tr') as HTMLElement
    expect(row).toHaveTextContent('Spain, Portugal')
    expect(row).toHaveTextContent('Standard $10; Express $25')
    expect(shop.pricing.zones[0]?.methods.map((m) => m.days)).toEqual([null, 1])

    await user.click(within(row).getByRole('button', { name: /Edit/ }))
    const modal = within(await screen.findByRole('dialog', { name: 'Datos Shipping zone' }, slow))
    await user.clear(modal.getAllByLabelText('Price')[0] as HTMLElement)
    await user.type(modal.getAllByLabelText('Price')[0] as HTMLElement, '12.5')
    await user.click(modal.getByRole('button', { name: 'Actualizar' }))
    const confirm = await screen.findByRole(
      'alertdialog',
      { name: 'Seguro que deseas actualizar Shipping zone' },
      slow,
    )
    await user.click(within(confirm).getByRole('button', { name: 'Actualizar' }))
    expect(await toast('Shipping zone saved')).toBeInTheDocument()
    // The method keeps its id: it is the same method, repriced.
    await waitFor(
      () => expect(shop.pricing.zones[0]?.methods[0]).toMatchObject({ id: 1, price: 12.5 }),
      slow,
    )
  })

  it('Taxes: saves whether prices include tax and a rate per country', async () => {
    const { shop, view } = openAs('taxes')
    const { user } = await view
    const included = await screen.findByRole(
      'switch',
      { name: 'Prices include tax' },
      { timeout: 5000 },
    )
    expect(included).toBeChecked()
    expect(screen.getByText('No rates: the shop charges no tax.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add a rate' }))
    await user.type(screen.getByLabelText('Country 1'), 'Spain')
    await user.type(screen.getByLabelText('Rate (%)'), '121')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('at most 100')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Rate (%)'))
    await user.type(screen.getByLabelText('Rate (%)'), '21')
    await user.click(included)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await toast('Tax settings saved')).toBeInTheDocument()
    expect(shop.pricing.tax).toEqual({
      pricesIncludeTax: false,
      rates: [{ country: 'Spain', rate: 21 }],
    })
  })

  it('Discounts: creates a code and lists its uses; a second one of the same name is refused', async () => {
    const { view } = openAs('discounts')
    const { user } = await view
    await screen.findByText('No discount codes yet', {}, { timeout: 5000 })
    const create = async (code: string) => {
      await user.click(screen.getByRole('button', { name: 'Create' }))
      const panel = within(screen.getByRole('region', { name: 'New discount code' }))
      await user.type(panel.getByLabelText('Code'), code)
      await user.type(panel.getByLabelText('Value'), '10')
      await user.type(panel.getByLabelText('Max uses'), '100')
      await user.click(panel.getByRole('button', { name: 'Create' }))
    }
    await create('SUMMER10')
    expect(await toast('Discount code created')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'New discount code' })).toBeNull(),
    )
    await create('summer10')
    expect(await toast('code: summer10 is already a discount code')).toBeInTheDocument()
    const row = screen.getByText('SUMMER10').closest('tr') as HTMLElement
    expect(row).toHaveTextContent('10 %')
    expect(row).toHaveTextContent('0 of 100')
  })
})
