import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCartStore } from '../../stores/cart'
import { cartLine, instrument, resetStores, serveShop, signIn } from '../../test/cart-kit'
import { givePageConfig, renderApp } from '../../test/render'
import { server } from '../../test/server'
import { STRIPE_UNAVAILABLE } from './stripe-error-boundary'

// A stand-in for Stripe.js and Elements: the card "iframe" is a button that completes the card.
const stripe = vi.hoisted(() => ({
  load: vi.fn(),
  createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_from_elements' } })),
  handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
}))
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.load }))
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useStripe: () => ({
    createPaymentMethod: stripe.createPaymentMethod,
    handleNextAction: stripe.handleNextAction,
  }),
  useElements: () => ({ getElement: () => ({}) }),
  CardElement: ({ onChange }: { onChange: (e: { complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ complete: true })}>
      Fill the Stripe card
    </button>
  ),
}))

const guitar = instrument({ stock: 3, price: 1200 })

beforeEach(async () => {
  resetStores()
  givePageConfig({ stripePublishableKey: 'pk_test_stand_in' })
  await signIn()
  useCartStore.setState({ cartItems: [cartLine(guitar, 1)] })
  serveShop(guitar)
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function fillCustomer() {
  const view = await renderApp('/checkout')
  const { user } = view
  await user.type(await screen.findByLabelText('Name'), 'Ana Pérez')
  await user.type(screen.getByLabelText('Email'), 'ana@example.com')
  await user.type(screen.getByLabelText('Phone'), '1134567890')
  await user.type(screen.getByLabelText('Address (Street)'), 'Calle 1')
  await user.type(screen.getByLabelText('City'), 'Córdoba')
  await user.type(screen.getByLabelText('Country'), 'Argentina')
  await user.type(screen.getByLabelText('Zip'), '5000')
  return view
}

describe('/checkout with Stripe Elements', () => {
  it('pays with the payment method Elements creates', async () => {
    stripe.load.mockResolvedValue({})
    let paidWith: unknown
    server.use(
      http.post('/api/payment', async ({ request }) => {
        paidWith = ((await request.json()) as { id: string }).id
        return HttpResponse.json({ error: 'Your card was declined.' }, { status: 402 })
      }),
    )
    const { user } = await fillCustomer()
    const pay = screen.getByRole('button', { name: /^Pay with Stripe \$1,200/ })
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument()
    expect(screen.queryByText('Test mode: no real payment is taken')).not.toBeInTheDocument()
    expect(pay).toHaveAttribute('aria-disabled', 'true')
    await user.click(await screen.findByRole('button', { name: 'Fill the Stripe card' }))
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'))
    await user.click(pay)
    await waitFor(() => expect(pay).toHaveAccessibleDescription('Your card was declined.'))
    expect(stripe.load).toHaveBeenCalledWith('pk_test_stand_in')
    expect(paidWith).toBe('pm_from_elements')
  })

  it("runs Stripe's next action for 3-D Secure, then lets the server confirm", async () => {
    stripe.load.mockResolvedValue({})
    const confirmed: unknown[] = []
    server.use(
      http.post('/api/payment', () =>
        HttpResponse.json(
          { status: 'requires_action', client_secret: 'pi_3_secret_y', paymentIntentId: 'pi_3' },
          { status: 202 },
        ),
      ),
      http.post('/api/payment/confirm', async ({ request }) => {
        confirmed.push(await request.json())
        return HttpResponse.json({ error: 'We are unable to authenticate.' }, { status: 402 })
      }),
    )
    const { user } = await fillCustomer()
    await user.click(await screen.findByRole('button', { name: 'Fill the Stripe card' }))
    const pay = screen.getByRole('button', { name: /^Pay with Stripe \$1,200/ })
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'))
    await user.click(pay)
    await waitFor(() => expect(pay).toHaveAccessibleDescription('We are unable to authenticate.'))
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3_secret_y' })
    expect(confirmed).toEqual([{ paymentIntentId: 'pi_3' }])
    // A new card clears the message.
    await user.click(screen.getByRole('button', { name: 'Fill the Stripe card' }))
    expect(pay).not.toHaveAccessibleDescription()
  })

  it("says so when Stripe's script cannot load, instead of breaking", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    givePageConfig({ stripePublishableKey: 'pk_test_unreachable' })
    stripe.load.mockRejectedValue(new Error('Failed to load Stripe.js'))
    await fillCustomer()
    expect(await screen.findByText(STRIPE_UNAVAILABLE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Pay with Stripe/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })
})
