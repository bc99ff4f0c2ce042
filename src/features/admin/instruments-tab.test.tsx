import { render, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Instrument } from '../../../contract/catalog'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { instruments, serveBackOffice, signInAsAdmin } from './admin-test-data'
import { StockCell } from './stock-badge'

vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  useSessionStore.getState().signOut()
  vi.restoreAllMocks()
})

const base = instruments[0] as Instrument
const many: (Instrument & { lowStockThreshold?: number | null })[] = [
  ...Array.from({ length: 30 }, (_, n) => ({
    ...base,
    id: 100 + n,
    name: `Les Paul #${n + 1}`,
    stock: 20 + n,
  })),
  { ...base, id: 200, name: 'Empty Shelf Bass', stock: 0 },
  { ...base, id: 201, name: 'Nearly Gone Drum', stock: 3 },
  { ...base, id: 202, name: 'Watched Harp', stock: 40, lowStockThreshold: 50 },
]

describe('the stock badge', () => {
  it('says Low stock or Out of stock in words beside the units, nothing when stocked', () => {
    const { rerender } = render(<StockCell stock={2} level="low" threshold={5} />)
    expect(screen.getByText('Low stock')).toHaveAttribute('title', 'Low at 5 or fewer')
    expect(screen.getByText('2', { exact: false })).toBeInTheDocument()
    rerender(<StockCell stock={0} level="out" threshold={5} />)
    expect(screen.getByText('Out of stock')).toBeInTheDocument()
    rerender(<StockCell stock={9} level="ok" threshold={5} />)
    expect(screen.queryByText(/stock/)).toBeNull()
  })
})

describe('the Instruments tab, paged on the server', () => {
  async function openInstruments() {
    signInAsAdmin()
    serveBackOffice({ instruments: many })
    const app = await renderApp('/admin?tab=instruments')
    await screen.findByRole('button', { name: 'Edit Les Paul #1' })
    return app
  }
  const rows = () =>
    within(screen.getByRole('table', { name: 'Instrument list' }))
      .getAllByRole('row')
      .slice(1)

  it('shows 25 rows a page, the Id counting on across pages, and Next/Previous', async () => {
    const { user } = await openInstruments()
    expect(rows()).toHaveLength(25)
    expect(screen.getByText('Page 1 of 2 · 33 rows')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Page 2 of 2 · 33 rows')
    expect(rows()).toHaveLength(8)
    expect(within(rows()[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('26')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('badges low and out of stock rows and filters to them', async () => {
    const { user } = await openInstruments()
    await user.selectOptions(screen.getByLabelText('Filter by stock'), 'Low or out of stock')
    await waitFor(() => expect(rows()).toHaveLength(3))
    const table = within(screen.getByRole('table', { name: 'Instrument list' }))
    expect(table.getAllByText('Low stock')).toHaveLength(2)
    expect(table.getAllByText('Out of stock')).toHaveLength(1)
    await user.selectOptions(screen.getByLabelText('Filter by stock'), 'Out of stock')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Empty Shelf Bass')
  })

  it("searches the server, says 'Instrumento no encontrado' once per miss", async () => {
    const error = vi.spyOn(toast, 'error')
    const { user } = await openInstruments()
    const search = screen.getByLabelText('Search instruments by name')
    await user.type(search, 'paul #3')
    await waitFor(() => expect(rows()).toHaveLength(2))
    await user.clear(search)
    await user.type(search, 'zz')
    expect(await screen.findByText('Instrumento no encontrado')).toBeInTheDocument()
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1))
    expect(error).toHaveBeenCalledWith('Instrumento no encontrado')
  })

  it('sorts on the server by a header', async () => {
    const { user } = await openInstruments()
    await user.click(screen.getByRole('button', { name: /^Stock/ }))
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Empty Shelf Bass'))
    expect(screen.getByRole('columnheader', { name: /^Stock/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
  })
})

describe("the shop's default low-stock threshold", () => {
  it('shows the default and saves a new one', async () => {
    signInAsAdmin()
    serveBackOffice({ instruments: many })
    let saved: unknown
    server.use(
      http.put('/api/admin/settings/stock', async ({ request }) => {
        saved = await request.json()
        return HttpResponse.json({ ok: 'Low stock threshold saved', lowStockThreshold: 8 })
      }),
    )
    const { user } = await renderApp('/admin?tab=instruments')
    const input = await screen.findByLabelText('Low stock at (default)')
    await waitFor(() => expect(input).toHaveValue(5))
    await user.clear(input)
    await user.type(input, '8')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(saved).toEqual({ lowStockThreshold: 8 }))
  })
})
