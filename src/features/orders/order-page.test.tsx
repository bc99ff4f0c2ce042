import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '../../../contract/orders'
import type { Sale } from '../../../contract/sales'
import { anAccount, resetStores, serveShop, signInAs } from '../../test/account-kit'
import { aPaidSale, orderOf, stratocasterAndTwoCapos } from '../../test/order-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'

// Whole-app renders under a busy parallel run: room beyond the 5 s default.
vi.setConfig({ testTimeout: 20_000 })

const aSale: Sale = aPaidSale({
  status: 'partially_refunded',
  fulfilment: 'shipped',
  cost: 1350,
  refundedCents: 7500,
  updatedAt: '2026-03-06T09:00:00.000Z',
  instrument: stratocasterAndTwoCapos,
})

const base = orderOf(aSale)
const anOrder: Order = {
  ...base,
  actions: [],
  lines: base.lines.map((line) => (line.id === 12 ? { ...line, refunded: 1, restocked: 1 } : line)),
  payment: { status: 'partially_refunded', paidCents: 135000, refundedCents: 7500, failure: null },
  shipment: {
    carrier: 'DHL',
    trackingNumber: 'JD0146000',
    trackingUrl: 'https://dhl.example/track/JD0146000',
    shippedAt: '2026-03-05T08:00:00.000Z',
    deliveredAt: null,
  },
  refunds: [
    {
      id: 5,
      amountCents: 7500,
      reason: 'The capo arrived bent',
      restock: true,
      lines: [{ instrumentId: 4, name: 'Capo', count: 1 }],
      source: 'shop',
      admin: null,
      createdAt: '2026-03-06T09:00:00.000Z',
    },
  ],
  timeline: [
    ...base.timeline,
    { kind: 'shipped', at: '2026-03-05T08:00:00.000Z', admin: null, note: 'DHL JD0146000' },
    { kind: 'refunded', at: '2026-03-06T09:00:00.000Z', admin: null, note: '$75' },
  ],
}

function serveOrder(answer: () => Response) {
  server.use(
    http.get('/api/users/token', () => HttpResponse.json(anAccount)),
    http.get('/api/transactions/user', () => HttpResponse.json([aSale])),
    http.get('/api/sales/:id', answer),
  )
}

beforeEach(() => {
  resetStores()
  serveShop()
})

describe("/user/orders/{id}, the shopper's order page", () => {
  it('shows the lines and total, the payment, the tracking link, the refunds and the timeline', async () => {
    await signInAs('user')
    serveOrder(() => HttpResponse.json(anOrder))
    await renderApp('/user/orders/41')
    const title = await screen.findByRole('heading', { level: 1, name: 'Order #41' })
    const head = within(title.parentElement as HTMLElement)
    expect(head.getByText('partially refunded')).toHaveClass('order-status')

    const lines = within(screen.getByRole('table'))
    const capo = lines.getByRole('row', { name: /Capo/ })
    expect(capo).toHaveTextContent('$75')
    expect(capo).toHaveTextContent('2 (1 refunded)')
    expect(capo).toHaveTextContent('$150')
    expect(lines.getByRole('row', { name: /Total/ })).toHaveTextContent('$1,350')

    const payment = within(screen.getByRole('region', { name: 'Payment' }))
    expect(payment.getByText('Paid').nextElementSibling).toHaveTextContent('$1,350')
    expect(payment.getByText('Refunded').nextElementSibling).toHaveTextContent('$75')

    const delivery = within(screen.getByRole('region', { name: 'Delivery' }))
    expect(delivery.getByText('DHL')).toBeInTheDocument()
    expect(delivery.getByText('JD0146000')).toBeInTheDocument()
    const track = delivery.getByRole('link', { name: /Track your parcel/ })
    expect(track).toHaveAttribute('href', 'https://dhl.example/track/JD0146000')
    expect(track).toHaveAttribute('target', '_blank')
    expect(track).toHaveAttribute('rel', 'noopener noreferrer')

    const refunds = within(screen.getByRole('region', { name: 'Refunds' }))
    expect(refunds.getByText('$75')).toBeInTheDocument()
    expect(refunds.getByText('The capo arrived bent')).toBeInTheDocument()
    expect(refunds.getByText('Capo × 1 (back in stock)')).toBeInTheDocument()

    const timeline = within(screen.getByRole('region', { name: 'Timeline' }))
    const steps = timeline.getAllByRole('listitem').map((step) => step.firstChild?.textContent)
    expect(steps).toEqual(['Order placed', 'Payment received', 'Shipped', 'Refunded'])
    expect(timeline.getByText('DHL JD0146000')).toBeInTheDocument()
  })

  it('says an unshipped order is not shipped yet, with no refunds', async () => {
    await signInAs('user')
    serveOrder(() => HttpResponse.json({ ...orderOf(aSale), actions: [] }))
    await renderApp('/user/orders/41')
    const delivery = within(await screen.findByRole('region', { name: 'Delivery' }))
    expect(delivery.getByText('Not shipped yet.')).toBeInTheDocument()
    expect(delivery.queryByRole('link')).toBeNull()
    expect(screen.getByText('No refunds')).toBeInTheDocument()
  })

  it("is the not-found page for another shopper's order (the server's 404)", async () => {
    await signInAs('user')
    serveOrder(() => HttpResponse.json({ error: 'Order not found' }, { status: 404 }))
    await renderApp('/user/orders/99')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByText('Order #99')).toBeNull()
  })

  it('is the not-found page for an id that is not one, without asking the server', async () => {
    await signInAs('user')
    const asked = vi.fn()
    serveOrder(() => {
      asked()
      return HttpResponse.json(anOrder)
    })
    await renderApp('/user/orders/abc')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(asked).not.toHaveBeenCalled()
  })

  it('sends a signed-out visitor to /', async () => {
    const { router } = await renderApp('/user/orders/41')
    expect(router.state.location.pathname).toBe('/')
  })

  it("is opened from the purchase history's sale id, which shows the worded status", async () => {
    await signInAs('user')
    serveOrder(() => HttpResponse.json(anOrder))
    const { user, router } = await renderApp('/user/Profile')
    const history = within(screen.getByRole('region', { name: 'Purchase history' }))
    expect(history.getByText('partially refunded')).toHaveClass('order-status')
    await user.click(history.getByRole('link', { name: 'Order 41' }))
    expect(await screen.findByRole('heading', { name: 'Order #41' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/user/orders/41')
  })
})
