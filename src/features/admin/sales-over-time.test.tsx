import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SalesOverTime as Answer } from '../../../contract/sales-over-time'
import { createQueryClient } from '../../query-client'
import { server } from '../../test/server'
import SalesOverTime from './sales-over-time'

const today = new Date().toISOString().slice(0, 10)

function answerFor(url: URL): Answer {
  const by = (url.searchParams.get('by') ?? 'day') as Answer['by']
  return {
    from: url.searchParams.get('from') ?? '',
    to: url.searchParams.get('to') ?? '',
    by,
    periods: [
      {
        start: '2026-02-23',
        revenueCents: 126047,
        orders: 2,
        averageOrderCents: 63024,
        taxCents: 0,
        shippingCents: 0,
      },
      {
        start: '2026-03-02',
        revenueCents: 33998,
        orders: 2,
        averageOrderCents: 16999,
        taxCents: 0,
        shippingCents: 0,
      },
    ],
    totals: {
      revenueCents: 160045,
      orders: 4,
      averageOrderCents: 40011,
      taxCents: 0,
      shippingCents: 0,
    },
    topInstruments: [
      { instrumentId: 3, name: 'Strat', revenueCents: 120050, units: 1 },
      { instrumentId: null, name: 'Old Banjo', revenueCents: 30000, units: 1 },
    ],
  }
}

let asked: URL[] = []
beforeEach(() => {
  asked = []
  server.use(
    http.get('/api/sales/over-time', ({ request }) => {
      const url = new URL(request.url)
      asked.push(url)
      if (url.searchParams.get('from') === '2026-03-10') {
        return HttpResponse.json(
          { error: 'to: must not be before from', field: 'to' },
          { status: 400 },
        )
      }
      return HttpResponse.json(answerFor(url))
    }),
  )
})

function renderView() {
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { retry: false } })
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={client}>
      <SalesOverTime />
    </QueryClientProvider>,
  )
  return user
}

const lastAsked = () => Object.fromEntries(asked.at(-1)?.searchParams ?? [])

describe('Historyshops, Sales over time', () => {
  it('asks for the last 30 days by day and shows revenue, orders and average order', async () => {
    renderView()
    const totals = await screen.findByText('Revenue', { selector: 'dt' })
    const list = within(totals.closest('dl') as HTMLElement)
    expect(list.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '$1,600.45',
      '4',
      '$400.11',
    ])
    expect(lastAsked()).toMatchObject({ to: today, by: 'day' })
    const from = new Date(`${lastAsked().from}T00:00:00Z`)
    expect((Date.parse(`${today}T00:00:00Z`) - from.getTime()) / 86_400_000).toBe(29)
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('lists each period and the top instruments by revenue', async () => {
    const user = renderView()
    await user.click(await screen.findByText('Figures per day', { selector: 'summary' }))
    const rows = within(screen.getByRole('table', { name: 'Figures per day' })).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayRevenueOrdersAverage order',
      'Feb 23$1,260.472$630.24',
      'Mar 2$339.982$169.99',
    ])
    const top = within(screen.getByRole('figure', { name: 'Top instruments by revenue' }))
    expect(top.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Strat$1,200.50 · 1 unit',
      'Old Banjo$300 · 1 unit',
    ])
  })

  it('asks again per week or month, and draws orders or the average order', async () => {
    const user = renderView()
    await screen.findByRole('figure', { name: 'Revenue per day' })
    await user.selectOptions(screen.getByLabelText('By'), 'week')
    expect(await screen.findByRole('figure', { name: 'Revenue per week' })).toBeInTheDocument()
    expect(lastAsked().by).toBe('week')
    await user.click(screen.getByRole('button', { name: '12 months' }))
    expect(await screen.findByRole('figure', { name: 'Revenue per month' })).toBeInTheDocument()
    expect(lastAsked().by).toBe('month')
    await user.click(screen.getByRole('button', { name: 'Orders' }))
    expect(screen.getByRole('figure', { name: 'Orders per month' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Average order' }))
    expect(screen.getByRole('figure', { name: 'Average order per month' })).toBeInTheDocument()
  })

  it("shows the server's words when the period is refused", async () => {
    renderView()
    await screen.findByText('Revenue', { selector: 'dt' })
    // A date input takes a whole date at once, as the browser's picker gives it.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } })
    expect(await screen.findByRole('alert')).toHaveTextContent('to: must not be before from')
  })
})
