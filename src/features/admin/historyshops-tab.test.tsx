import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Sale } from '../../../contract/sales'
import { useSessionStore } from '../../stores/session'
import { orderOf } from '../../test/order-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { sales as fixtureSales, serveBackOffice, signInAsAdmin } from './admin-test-data'

// Whole-app renders under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => useSessionStore.getState().signOut())

async function openHistoryshops(data?: Parameters<typeof serveBackOffice>[0]) {
  signInAsAdmin()
  serveBackOffice(data)
  // Detalles reads the one order (its moves, refunds and timeline: order-moves.test.tsx).
  server.use(
    http.get('/api/sales/:id', ({ params }) => {
      const sale = (data?.sales ?? fixtureSales).find((s) => s.id === Number(params.id))
      return sale
        ? HttpResponse.json(orderOf(sale))
        : HttpResponse.json({ error: 'Order not found' }, { status: 404 })
    }),
  )
  const app = await renderApp('/admin?tab=historyshops')
  // The summary's sums load beside the first page of sales.
  const summary = screen.queryByRole('table', { name: 'Sales summary' })
  if (summary) await waitFor(() => expect(within(summary).queryByText('…')).toBeNull())
  return app
}

const table = (name: string) => within(screen.getByRole('table', { name }))

describe('Historyshops (spec 2, read-only sales)', () => {
  it('sums the sales: Cash_Balance, Total_Shops, Sold_Products, Last_Shop', async () => {
    await openHistoryshops()
    const summary = table('Sales summary')
    const cells = summary.getAllByRole('cell').map((c) => c.textContent)
    expect(summary.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Cash_Balance',
      'Total_Shops',
      'Sold_Products',
      'Last_Shop',
    ])
    expect(cells.slice(0, 3)).toEqual(['$4,197', '2', '4'])
    expect(cells[3]).toContain('2024')
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull()
  })

  it('lists the sales with cost in $ and searches by instrument name', async () => {
    const { user } = await openHistoryshops()
    const sales = table('Sales')
    expect(sales.getAllByRole('columnheader').map((h) => h.textContent?.replace('↕', ''))).toEqual([
      'Id',
      'id',
      'status',
      'cost',
      'cus_name',
      'cus_country',
      'Actions',
    ])
    expect(sales.getByText('$2,598')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Search sales by instrument name'), 'SNARE')
    expect(sales.queryByText('Luis Pérez')).toBeNull()
    expect(sales.getByText('Ana Gómez')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Search sales by instrument name'), 'zzz')
    expect(sales.getByText('Historyshop no encontrado')).toBeInTheDocument()
  })

  it("Detalles opens 'Datos Historyshop' with the sale and its 'Instruments Shops'", async () => {
    const { user } = await openHistoryshops()
    await user.click(screen.getByRole('button', { name: 'Detalles of sale 31' }))
    const modal = within(screen.getByRole('dialog', { name: 'Datos Historyshop' }))
    expect(modal.getByText('cus_email')).toBeInTheDocument()
    expect(await modal.findByRole('button', { name: 'Ship' })).toBeInTheDocument()
    expect(modal.getByText('$1,599')).toBeInTheDocument()
    for (const hidden of ['instrument', 'user', 'userId', 'updatedAt']) {
      expect(modal.queryByText(hidden, { selector: 'dt' })).toBeNull()
    }
    expect(modal.getByRole('heading', { name: 'Instruments Shops' })).toBeInTheDocument()
    const items = within(modal.getByRole('table', { name: 'Instruments Shops' }))
    expect(items.getAllByRole('columnheader').map((h) => h.textContent?.replace('↕', ''))).toEqual([
      'Id',
      'id',
      'name',
      'price',
      'count',
      'brand',
    ])
    expect(items.getByText('$300')).toBeInTheDocument()
    expect(items.getByText('Pearl')).toBeInTheDocument()
  })

  it("toggles between Tabla and Estadistica, the chart 'Instruments mas vendidos'", async () => {
    const { user } = await openHistoryshops()
    expect(screen.getByRole('button', { name: 'Tabla' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Estadistica' }))
    expect(
      await screen.findByText('Instruments mas vendidos', {}, { timeout: 8000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Stratocaster: 75%')).toBeInTheDocument()
    expect(screen.getByText('Snare: 25%')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Sales' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Tabla' }))
    expect(screen.getByRole('table', { name: 'Sales' })).toBeInTheDocument()
  })

  it("shows each sale's status as a worded badge and filters the table by it", async () => {
    const [first, second] = fixtureSales as [Sale, Sale]
    const mixed: Sale[] = [
      first,
      { ...second, status: 'shipped', fulfilment: 'shipped' },
      { ...second, id: 33, status: 'refunded', cus_name: 'Eva Ruiz', refundedCents: 259800 },
    ]
    const { user } = await openHistoryshops({ sales: mixed })
    const sales = table('Sales')
    // The word, not only a colour: each badge reads as its status.
    expect(sales.getByText('shipped')).toHaveClass('order-status')
    expect(sales.getByText('succeeded')).toHaveClass('order-status')
    const filter = screen.getByLabelText('Filter by status')
    expect(within(filter).getByRole('option', { name: 'All (3)' })).toBeInTheDocument()
    expect(within(filter).getByRole('option', { name: 'shipped (1)' })).toBeInTheDocument()
    expect(
      within(filter).getByRole('option', { name: 'partially refunded (0)' }),
    ).toBeInTheDocument()

    await user.selectOptions(filter, 'shipped')
    await waitFor(() => expect(sales.queryByText('Ana Gómez')).toBeNull())
    expect(sales.getByText('Luis Pérez')).toBeInTheDocument()
    expect(sales.queryByText('Eva Ruiz')).toBeNull()
    // The summary still counts every paid sale, not the rows the filter shows.
    expect(table('Sales summary').getAllByRole('cell')[1]).toHaveTextContent('2')

    await user.selectOptions(filter, 'cancelled')
    expect(await sales.findByText('No sales are cancelled')).toBeInTheDocument()
    await user.selectOptions(filter, 'all')
    expect(await sales.findByText('Eva Ruiz')).toBeInTheDocument()
  })

  it("says 'There are no HistoryShops yet' with no sales", async () => {
    await openHistoryshops({ sales: [] })
    expect(await screen.findByText('There are no HistoryShops yet')).toBeInTheDocument()
  })
})
