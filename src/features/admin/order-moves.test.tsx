import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '../../../contract/orders'
import type { Sale } from '../../../contract/sales'
import { notify } from '../../lib/toast'
import { createQueryClient } from '../../query-client'
import { orderOf } from '../../test/order-kit'
import { server } from '../../test/server'
import { sales } from './admin-test-data'
import { SaleDetailsModal } from './sale-details-modal'

// Under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }))

// Sale 31: a Stratocaster ($1,299) and a Snare ($300), $1,599 paid.
const sale = sales[0] as Sale
const paid = orderOf(sale)
const shipped: Order = {
  ...paid,
  status: 'shipped',
  fulfilment: 'shipped',
  actions: ['deliver', 'refund'],
  shipment: {
    carrier: 'DHL',
    trackingNumber: 'JD0146000',
    trackingUrl: null,
    shippedAt: '2024-05-03T10:00:00.000Z',
    deliveredAt: null,
  },
}

/** Detalles of sale 31 with GET /sales/31 answering `order` (and then whatever a move set). */
async function openDetails(order: Order) {
  let current = order
  const reads = vi.fn()
  server.use(
    http.get('/api/sales/:id', () => {
      reads()
      return HttpResponse.json(current)
    }),
  )
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <QueryClientProvider client={queryClient}>
      <SaleDetailsModal sale={sale} onClose={() => {}} />
    </QueryClientProvider>,
  )
  // The first render of a run loads the dialog code: room beyond findBy's 1 s.
  await screen.findByRole('region', { name: 'Order of sale 31' }, { timeout: 8000 })
  return { user: userEvent.setup(), reads, moveTo: (next: Order) => (current = next) }
}

/** Answers POST `path` with `answer(body)` and keeps what the admin sent. */
function serveMove(path: string, answer: (body: unknown) => Response) {
  const sent: { body: unknown; key: string | null }[] = []
  server.use(
    http.post(path, async ({ request }) => {
      const body = await request.json().catch(() => null)
      sent.push({ body, key: request.headers.get('Idempotency-Key') })
      return answer(body)
    }),
  )
  return sent
}

const details = () => within(screen.getByRole('dialog', { name: 'Datos Historyshop' }))

beforeEach(() => vi.clearAllMocks())

describe("Detalles: the moves a sale's status allows", () => {
  it('offers Ship, Cancel order and Refund on a paid sale, not Mark delivered', async () => {
    await openDetails(paid)
    expect(await details().findByRole('button', { name: 'Ship' })).toBeInTheDocument()
    expect(details().getByRole('button', { name: 'Cancel order' })).toBeInTheDocument()
    expect(details().getByRole('button', { name: 'Refund' })).toBeInTheDocument()
    expect(details().queryByRole('button', { name: 'Mark delivered' })).toBeNull()
    expect(details().getByText('succeeded', { selector: '.order-status' })).toBeInTheDocument()
  })

  it('offers nothing on a cancelled sale, and says so', async () => {
    await openDetails({ ...paid, status: 'cancelled', fulfilment: 'cancelled', actions: [] })
    expect(await details().findByText('No further moves for a cancelled sale.')).toBeInTheDocument()
    expect(details().queryByRole('button', { name: 'Refund' })).toBeNull()
  })

  it('ships with a carrier, a tracking number and an optional web link', async () => {
    const { user, moveTo } = await openDetails(paid)
    const sent = serveMove('/api/sales/31/shipment', () => {
      moveTo(shipped)
      return HttpResponse.json({ ok: 'Order shipped', order: shipped })
    })
    await user.click(await details().findByRole('button', { name: 'Ship' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Ship sale 31' }))
    await user.click(dialog.getByRole('button', { name: 'Ship' }))
    expect(await dialog.findAllByText('Required')).toHaveLength(2)
    await user.type(dialog.getByLabelText(/Carrier/), 'DHL')
    await user.type(dialog.getByLabelText(/Tracking number/), 'JD0146000')
    await user.type(dialog.getByLabelText('Tracking link (optional)'), 'dhl.example/track')
    await user.click(dialog.getByRole('button', { name: 'Ship' }))
    expect(
      await dialog.findByText('must be a web address (http:// or https://)'),
    ).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.clear(dialog.getByLabelText('Tracking link (optional)'))
    await user.type(dialog.getByLabelText('Tracking link (optional)'), 'https://dhl.example/t/1')
    await user.click(dialog.getByRole('button', { name: 'Ship' }))
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order shipped'))
    expect(sent[0]?.body).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD0146000',
      trackingUrl: 'https://dhl.example/t/1',
    })
    expect(screen.queryByRole('dialog', { name: 'Ship sale 31' })).toBeNull()
    // The answer's order: now shipped, and the next move is offered.
    expect(await details().findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument()
    expect(details().getByText('shipped', { selector: '.order-status' })).toBeInTheDocument()
    expect(details().getByText(/DHL · JD0146000/)).toBeInTheDocument()
  })

  it('marks a shipped sale delivered after a confirmation', async () => {
    const { user } = await openDetails(shipped)
    const delivered: Order = { ...shipped, status: 'delivered', actions: ['refund'] }
    const sent = serveMove('/api/sales/31/delivered', () =>
      HttpResponse.json({ ok: 'Order delivered', order: delivered }),
    )
    await user.click(await details().findByRole('button', { name: 'Mark delivered' }))
    const confirm = within(screen.getByRole('alertdialog', { name: 'Mark sale 31 delivered' }))
    await user.click(confirm.getByRole('button', { name: 'Mark delivered' }))
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order delivered'))
    expect(sent).toHaveLength(1)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('cancels with a reason, saying what goes back', async () => {
    const { user } = await openDetails(paid)
    const cancelled: Order = { ...paid, status: 'cancelled', actions: [] }
    const sent = serveMove('/api/sales/31/cancel', () =>
      HttpResponse.json({ ok: 'Order cancelled', order: cancelled }),
    )
    await user.click(await details().findByRole('button', { name: 'Cancel order' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel sale 31' }))
    expect(dialog.getByText(/Refunds \$1,599 to the buyer's card/)).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }))
    expect(await dialog.findByText('Required')).toBeInTheDocument()
    await user.type(dialog.getByLabelText(/Reason/), 'Out of stock at the warehouse')
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }))
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order cancelled'))
    expect(sent[0]?.body).toEqual({ reason: 'Out of stock at the warehouse' })
  })

  it('refunds units of a line at the price paid, back in stock, under one key', async () => {
    const { user } = await openDetails(paid)
    const sent = serveMove('/api/sales/31/refunds', () =>
      HttpResponse.json(
        { ok: 'Refund made', refund: refundOf(129900), order: paid },
        { status: 201 },
      ),
    )
    await user.click(await details().findByRole('button', { name: 'Refund' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Refund sale 31' }))
    expect(dialog.getByText('$1,599 of $1,599 left to refund.')).toBeInTheDocument()
    await user.type(dialog.getByLabelText(/Reason/), 'Scratched body')
    // Nothing chosen: the contract's own words, under the units.
    await user.click(dialog.getByRole('button', { name: 'Refund $0' }))
    expect(await dialog.findByText('name the lines or an amount')).toBeInTheDocument()
    await user.type(dialog.getByLabelText('Stratocaster'), '2')
    await user.click(dialog.getByRole('button', { name: 'Refund $2,598' }))
    expect(await dialog.findByText('From 0 to 1')).toBeInTheDocument()
    await user.clear(dialog.getByLabelText('Stratocaster'))
    await user.type(dialog.getByLabelText('Stratocaster'), '1')
    expect(dialog.getByRole('checkbox', { name: /back in stock/ })).toBeChecked()
    await user.click(dialog.getByRole('button', { name: 'Refund $1,299' }))
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund made'))
    expect(sent[0]?.body).toEqual({
      lines: [{ instrumentId: 11, count: 1 }],
      reason: 'Scratched body',
      restock: true,
    })
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refunds an amount (goodwill), no more than is left', async () => {
    const { user } = await openDetails({
      ...paid,
      status: 'partially_refunded',
      payment: { ...paid.payment, status: 'partially_refunded', refundedCents: 100000 },
    })
    const sent = serveMove('/api/sales/31/refunds', () =>
      HttpResponse.json(
        { ok: 'Refund made', refund: refundOf(5050), order: paid },
        { status: 201 },
      ),
    )
    await user.click(await details().findByRole('button', { name: 'Refund' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Refund sale 31' }))
    await user.click(dialog.getByRole('radio', { name: 'An amount' }))
    await user.type(dialog.getByLabelText(/Amount/), '600')
    await user.type(dialog.getByLabelText(/Reason/), 'Late delivery')
    await user.click(dialog.getByRole('button', { name: 'Refund $600' }))
    expect(await dialog.findByText('At most $599, what is left of the payment')).toBeInTheDocument()
    await user.clear(dialog.getByLabelText(/Amount/))
    await user.type(dialog.getByLabelText(/Amount/), '50.5')
    await user.click(dialog.getByRole('button', { name: 'Refund $50.50' }))
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund made'))
    expect(sent[0]?.body).toEqual({ amount: 50.5, reason: 'Late delivery', restock: false })
  })

  it('on a 409 (the order moved meanwhile) says why, closes and reads the order again', async () => {
    const { user, reads, moveTo } = await openDetails(paid)
    const refusal = 'This order is shipped: it cannot be cancelled'
    serveMove('/api/sales/31/cancel', () => {
      moveTo(shipped)
      return HttpResponse.json({ error: refusal }, { status: 409 })
    })
    await user.click(await details().findByRole('button', { name: 'Cancel order' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel sale 31' }))
    await user.type(dialog.getByLabelText(/Reason/), 'Customer asked')
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }))
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal))
    expect(screen.queryByRole('dialog', { name: 'Cancel sale 31' })).toBeNull()
    expect(await details().findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument()
    expect(reads).toHaveBeenCalledTimes(2)
  })
})

function refundOf(amountCents: number) {
  return {
    id: 1,
    amountCents,
    reason: 'x',
    restock: false,
    lines: [],
    source: 'shop' as const,
    admin: 'admin',
    createdAt: '2024-05-04T10:00:00.000Z',
  }
}
