import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RATING_COMMENT_MESSAGE } from '../../../contract/catalog'
import type { Sale, SaleItem } from '../../../contract/sales'
import { instrumentQueries } from '../../api/instruments'
import { saleQueries } from '../../api/sales'
import { notify } from '../../lib/toast'
import { createQueryClient } from '../../query-client'
import { instrument, resetStores, signIn } from '../../test/cart-kit'
import { server } from '../../test/server'
import { RatePurchaseButton } from './rate-purchase-button'

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }))

const item: SaleItem = {
  id: 90,
  instrumentId: 7,
  name: 'Stratocaster',
  brand: 'Fender',
  img: '/img/strat.jpg',
  price: 1200,
  count: 1,
  discount: 0,
  tax: 0,
  rated: false,
}
const sale = { id: 41, status: 'succeeded', instrument: [item] } as Sale
const comment = 'A lovely guitar, it stays in tune and sounds great.'

beforeEach(async () => {
  resetStores()
  vi.clearAllMocks()
  await signIn()
})

function renderButton(line: SaleItem = item) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(instrumentQueries.detail(7).queryKey, instrument())
  queryClient.setQueryData(saleQueries.mine().queryKey, [sale])
  render(
    <QueryClientProvider client={queryClient}>
      <RatePurchaseButton sale={sale} item={line} />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), queryClient }
}

async function openPanel() {
  const view = renderButton()
  await view.user.click(screen.getByRole('button', { name: 'Rate instrument Stratocaster' }))
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Rate instrument' }) }
}

describe('the rating panel (docs/product.md §2, §4, §5)', () => {
  it('shows the name, the price, 5 stars starting at 1 and the comment hint', async () => {
    const { dialog } = await openPanel()
    expect(dialog).toHaveTextContent('Stratocaster')
    expect(dialog).toHaveTextContent('$1,200')
    expect(screen.getAllByRole('radio')).toHaveLength(5)
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked()
    expect(screen.getByLabelText('Comment')).toHaveAttribute(
      'placeholder',
      'Leave a comment about this product...',
    )
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument()
  })

  it('refuses a comment under 30 or over 300 characters with the spec message', async () => {
    const sent = vi.fn()
    server.use(http.post('/api/raiting', sent))
    const { user } = await openPanel()
    await user.type(screen.getByLabelText('Comment'), 'Too short')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(RATING_COMMENT_MESSAGE)).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Comment'))
    await user.click(screen.getByLabelText('Comment'))
    await user.paste('x'.repeat(301))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(RATING_COMMENT_MESSAGE)).toBeInTheDocument()
    expect(sent).not.toHaveBeenCalled()
  })

  it('sends the stars, comment and bought line, closes, and refreshes detail and history', async () => {
    let body: unknown
    server.use(
      http.post('/api/raiting', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { ok: 'Thanks for rating this instrument', raiting: 4, raitingCount: 1 },
          { status: 201 },
        )
      }),
    )
    const { user, queryClient } = await openPanel()
    await user.click(screen.getByRole('radio', { name: '4 stars' }))
    await user.type(screen.getByLabelText('Comment'), comment)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(body).toEqual({ instrumentId: 7, comment, star: 4, saleItemId: 90 })
    expect(notify.success).toHaveBeenCalledWith('Thanks for rating this instrument')
    // Stale now: the detail page and the history fetch them again when they show.
    await waitFor(() =>
      expect(queryClient.getQueryState(saleQueries.mine().queryKey)?.isInvalidated).toBe(true),
    )
    expect(queryClient.getQueryState(instrumentQueries.detail(7).queryKey)?.isInvalidated).toBe(
      true,
    )
  })

  it("shows 'You already rated this purchase' as an error and stays open", async () => {
    server.use(
      http.post('/api/raiting', () =>
        HttpResponse.json({ error: 'You already rated this purchase' }, { status: 400 }),
      ),
    )
    const { user } = await openPanel()
    await user.type(screen.getByLabelText('Comment'), comment)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('You already rated this purchase'),
    )
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it("is disabled with 'Rated' when the line was rated", () => {
    renderButton({ ...item, rated: true })
    expect(screen.getByRole('button', { name: 'Rated' })).toBeDisabled()
  })
})
