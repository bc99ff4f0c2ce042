import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Sale } from '../../../contract/sales'
import { quanTities, useCartStore } from '../../stores/cart'
import { cartLine, instrument, resetStores, serveShop, signIn } from '../../test/cart-kit'
import { renderApp } from '../../test/render'
import { server } from '../../test/server'
import { UNKNOWN_TEST_CARD } from './test-card'

vi.mock('canvas-confetti', () => ({
  default: { create: () => Object.assign(vi.fn(), { reset: vi.fn() }) },
}))

beforeEach(resetStores)

const guitar = instrument({ stock: 3, price: 1200 })

async function openCheckout() {
  await signIn()
  useCartStore.setState({ cartItems: [cartLine(guitar, 2)] })
  serveShop(guitar)
  const view = await renderApp('/checkout')
  await screen.findByRole('heading', { name: 'Checkout' })
  return view
}

async function fillCustomer(user: UserEvent) {
  await user.type(screen.getByLabelText('Name'), 'Ana Pérez')
  await user.type(screen.getByLabelText('Email'), 'ana@example.com')
  await user.type(screen.getByLabelText('Phone'), '11 3456 7890')
  await user.type(screen.getByLabelText('Address (Street)'), 'Calle 1')
  await user.type(screen.getByLabelText('City'), 'Córdoba')
  await user.type(screen.getByLabelText('Country'), 'Argentina')
  await user.type(screen.getByLabelText('Zip'), '5000')
}

async function fillCard(user: UserEvent, number: string) {
  await user.clear(screen.getByLabelText('Card number'))
  await user.type(screen.getByLabelText('Card number'), number)
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/39')
  await user.type(screen.getByLabelText('CVC'), '123')
}

const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' })

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

const payButton = () => screen.getByRole('button', { name: /^Pay with Test card/ })

const sale: Sale = {
  id: 41,
  status: 'succeeded',
  fulfilment: 'unfulfilled',
  cost: 2400,
  ...{ subtotal: 2400, discount: 0, shipping: 0, tax: 0, taxIncluded: true },
  ...{ discountCode: null, shippingMethod: null },
  refundedCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  cus_name: 'Ana Pérez',
  cus_email: 'ana@example.com',
  cus_phone: '11 3456 7890',
  cus_address: 'Calle 1',
  cus_city: 'Córdoba',
  cus_country: 'Argentina',
  cus_zip: '5000',
  userId: 1,
  instrument: [
    {
      id: 90,
      instrumentId: 7,
      name: 'Fender Stratocaster',
      brand: 'Fender',
      img: '/images/instruments/fender-player-stratocaster.svg',
      price: 1200,
      count: 2,
      discount: 0,
      tax: 0,
    },
  ],
}

describe('/checkout (docs/product.md §2, §4, §5)', () => {
  it('sends a signed-out visitor to /', async () => {
    serveShop()
    const { router } = await renderApp('/checkout')
    expect(router.state.location.pathname).toBe('/')
  })

  it("shows the form, the running total and 'Resume items'", async () => {
    await openCheckout()
    expect(screen.getByRole('heading', { name: 'Resume items' })).toBeInTheDocument()
    expect(await screen.findByText(/\$1,200 · New · Quantity: 2/)).toBeInTheDocument()
    expect(screen.getByText('Total').parentElement).toHaveTextContent('$2,400')
    expect(payButton()).toHaveTextContent('Pay with Test card $2,400')
    expect(screen.getByText('Test card (no real money)')).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent(/^Test mode: no real payment is taken$/)
  })

  it('shows the first failing rule under each field once it is touched', async () => {
    const { user } = await openCheckout()
    await user.click(screen.getByLabelText('Name'))
    await user.tab()
    expect(await screen.findByText('Input required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'ana@')
    await user.tab()
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Phone'), '12345')
    await user.tab()
    expect(await screen.findByText('should have 10 digits at least')).toBeInTheDocument()
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      'should have 10 digits at least',
    )
    await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111')
    await user.tab()
    expect(await screen.findByText(UNKNOWN_TEST_CARD)).toBeInTheDocument()
    expect(payButton()).toHaveAttribute('aria-disabled', 'true')
  })

  it('enables Pay only when every field and the card are valid', async () => {
    const { user } = await openCheckout()
    await fillCustomer(user)
    expect(payButton()).toHaveAttribute('aria-disabled', 'true')
    await fillCard(user, '4242424242424242')
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242')
    await user.clear(screen.getByLabelText('Zip'))
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'true'))
  })

  it('keeps Pay reachable by Tab while it cannot pay; pressing it shows what is missing', async () => {
    const paid = vi.fn()
    server.use(http.post('/api/payment', paid))
    const { user } = await openCheckout()
    expect(payButton()).not.toHaveAttribute('disabled')
    payButton().focus()
    expect(payButton()).toHaveFocus()
    await user.click(payButton())
    expect((await screen.findAllByText('Input required')).length).toBeGreaterThan(0)
    expect(paid).not.toHaveBeenCalled()
  })

  it('writes the expiry as MM/YY while it is typed, and says why Pay is not open yet', async () => {
    const { user } = await openCheckout()
    expect(payButton()).toHaveAccessibleDescription(
      'Pay opens once every field above is filled in and valid.',
    )
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1239')
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/39')
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '99')
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/39')
  })

  it('pays, mails the order, empties the cart and lands on /success', async () => {
    const requests: { body: unknown; key: string | null }[] = []
    const mails: unknown[] = []
    server.use(
      http.post('/api/payment', async ({ request }) => {
        requests.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
        return HttpResponse.json({ ok: 'Payment successful', sale }, { status: 201 })
      }),
      http.post('/api/mail/purchase', async ({ request }) => {
        mails.push(await request.json())
        return HttpResponse.json({ ok: 'We have sent you an email with your order details.' })
      }),
    )
    const { user, router } = await openCheckout()
    await fillCustomer(user)
    await fillCard(user, '4242 4242 4242 4242')
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    await user.click(payButton())

    expect(await screen.findByText('Thank you for your order!')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/success')
    const order = screen.getByRole('region', { name: 'Order #41' })
    expect(within(order).getByRole('listitem')).toHaveTextContent('Fender Stratocaster× 2$2,400')
    expect(within(order).getByText('Total')).toHaveTextContent('Total $2,400')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(requests[0]?.body).toMatchObject({
      id: 'pm_card_visa',
      items: [{ id: 7, count: 2 }],
      amount: 2400,
      userInfo: {
        cus_name: 'Ana Pérez',
        cus_email: 'ana@example.com',
        cus_phone: '11 3456 7890',
        cus_address: 'Calle 1',
        cus_city: 'Córdoba',
        cus_country: 'Argentina',
        cus_zip: '5000',
      },
    })
    expect(mails).toEqual([{ saleId: 41 }])
    expect(useCartStore.getState().cartItems).toEqual([])
    expect(
      await screen.findByText('We have sent you an email with your order details.', {
        selector: '[data-sonner-toast] *',
      }),
    ).toBeInTheDocument()
  })

  it("a declined card keeps the cart, shows the server's message and retries with the same key", async () => {
    const keys: (string | null)[] = []
    const methods: unknown[] = []
    server.use(
      http.post('/api/payment', async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        methods.push(((await request.json()) as { id: string }).id)
        return HttpResponse.json({ error: 'Your card was declined.' }, { status: 402 })
      }),
    )
    const { user, router } = await openCheckout()
    await fillCustomer(user)
    await fillCard(user, '4000 0000 0000 0002')
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    await user.click(payButton())
    expect(await toast('Your card was declined.')).toBeInTheDocument()
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    expect(payButton()).toHaveAccessibleDescription('Your card was declined.')
    expect(router.state.location.pathname).toBe('/checkout')
    expect(quanTities(useCartStore.getState())).toBe(2)
    expect(methods).toEqual(['pm_card_chargeDeclined'])

    await user.click(payButton())
    await waitFor(() => expect(keys).toHaveLength(2))
    expect(keys[1]).toBe(keys[0])
    // The message stays beside Pay until the card changes.
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    expect(payButton()).toHaveAccessibleDescription('Your card was declined.')
    await user.type(screen.getByLabelText('Card number'), '{backspace}')
    expect(payButton()).toHaveAccessibleDescription(
      'Pay opens once every field above is filled in and valid.',
    )
    expect(screen.queryByText('Your card was declined.', { selector: 'p' })).not.toBeInTheDocument()
  })

  describe('a card that asks for authentication (3-D Secure)', () => {
    const authenticating = () => {
      const calls: { path: string; body: unknown }[] = []
      const record = async (request: Request) => {
        calls.push({ path: new URL(request.url).pathname, body: await request.json() })
      }
      server.use(
        http.post('/api/payment', async ({ request }) => {
          await record(request)
          return HttpResponse.json(
            { status: 'requires_action', client_secret: 'pi_9_secret_x', paymentIntentId: 'pi_9' },
            { status: 202 },
          )
        }),
        http.post('/api/payment/test-authentication', async ({ request }) => {
          await record(request)
          return HttpResponse.json({ ok: 'Authenticated' })
        }),
        http.post('/api/payment/confirm', async ({ request }) => {
          await record(request)
          const completed = calls.some(
            (c) => (c.body as { outcome?: string }).outcome === 'complete',
          )
          return completed
            ? HttpResponse.json({ ok: 'Payment successful', sale }, { status: 201 })
            : HttpResponse.json({ error: AUTHENTICATION_FAILED }, { status: 402 })
        }),
        http.post('/api/mail/purchase', () => HttpResponse.json({ ok: 'Mail sent' })),
      )
      return calls
    }

    async function payAndAuthenticate(user: UserEvent, button: string) {
      await fillCustomer(user)
      await fillCard(user, '4000 0025 0000 3155')
      await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
      await user.click(payButton())
      const dialog = await screen.findByRole('dialog', { name: 'Authenticate your payment' })
      await user.click(within(dialog).getByRole('button', { name: button }))
    }

    it('pays once the authentication is completed', async () => {
      const calls = authenticating()
      const { user, router } = await openCheckout()
      await payAndAuthenticate(user, 'Complete authentication')
      expect(await screen.findByText('Thank you for your order!')).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/success')
      expect(calls).toEqual([
        {
          path: '/api/payment',
          body: expect.objectContaining({ id: 'pm_card_authenticationRequired' }),
        },
        {
          path: '/api/payment/test-authentication',
          body: { client_secret: 'pi_9_secret_x', outcome: 'complete' },
        },
        { path: '/api/payment/confirm', body: { paymentIntentId: 'pi_9' } },
      ])
    })

    it("shows Stripe's message beside Pay when the authentication fails", async () => {
      authenticating()
      const { user, router } = await openCheckout()
      await payAndAuthenticate(user, 'Fail authentication')
      expect(await toast(AUTHENTICATION_FAILED)).toBeInTheDocument()
      await waitFor(() => expect(payButton()).toHaveAccessibleDescription(AUTHENTICATION_FAILED))
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/checkout')
      expect(quanTities(useCartStore.getState())).toBe(2)
    })
  })

  it('an out-of-stock answer and a network failure keep the cart too', async () => {
    let calls = 0
    server.use(
      http.post('/api/payment', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ error: 'Only 1 left of Stratocaster' }, { status: 409 })
          : HttpResponse.error()
      }),
    )
    const { user } = await openCheckout()
    await fillCustomer(user)
    await fillCard(user, '4242 4242 4242 4242')
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    await user.click(payButton())
    expect(await screen.findByText('Only 1 left of Stratocaster')).toBeInTheDocument()
    await waitFor(() => expect(payButton()).toHaveAttribute('aria-disabled', 'false'))
    await user.click(payButton())
    expect(await screen.findByText(/The shop cannot be reached/)).toBeInTheDocument()
    expect(quanTities(useCartStore.getState())).toBe(2)
  })
})
