import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { z } from 'zod'
import { formatPrice } from '../../../contract/money'
import { checkoutCustomer } from '../../../contract/sales'
import { ApiError } from '../../api/http'
import { sendPurchaseMail } from '../../api/mail'
import { paymentMutations, sendTestAuthentication } from '../../api/payment'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { paymentProviderName, stripePublishableKey } from '../../lib/payment-provider'
import { notify } from '../../lib/toast'
import { useSessionStore } from '../../stores/session'
import type { CartLineView } from '../cart/use-cart-lines'
import type { CardSource } from './card-source'
import { orderKeyFor } from './order-key'
import { StripeErrorBoundary } from './stripe-error-boundary'
import { type AuthenticationOutcome, TestAuthenticationDialog } from './test-authentication-dialog'
import { formatCardNumber, formatExpiry, testCard, testPaymentMethod } from './test-card'

const StripeCardField = lazy(() => import('./stripe-card-field'))

const withTestCard = checkoutCustomer.extend({ card: testCard })
const withStripeCard = checkoutCustomer.extend({ card: z.unknown() })
type CheckoutInput = z.input<typeof withTestCard>
type CheckoutValues = z.output<typeof withTestCard>

const CUSTOMER_FIELDS = [
  { name: 'cus_name', label: 'Name', autoComplete: 'name', type: 'text' },
  { name: 'cus_email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'cus_phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { name: 'cus_address', label: 'Address (Street)', autoComplete: 'street-address', type: 'text' },
  { name: 'cus_city', label: 'City', autoComplete: 'address-level2', type: 'text' },
  { name: 'cus_country', label: 'Country', autoComplete: 'country-name', type: 'text' },
  { name: 'cus_zip', label: 'Zip', autoComplete: 'postal-code', type: 'text' },
] as const

const EMPTY: CheckoutInput = {
  cus_name: '',
  cus_email: '',
  cus_phone: '',
  cus_address: '',
  cus_city: '',
  cus_country: '',
  cus_zip: '',
  card: { number: '', expiry: '', cvc: '' },
}

export function CheckoutForm({
  lines,
  total,
  orderable,
}: {
  lines: CartLineView[]
  total: number
  orderable: boolean
}) {
  const stripeKey = stripePublishableKey()
  const provider = paymentProviderName()
  const navigate = useNavigate()
  const [stripeCard, setStripeCard] = useState<CardSource | null>(null)
  // docs/product.md §8's decline stays beside Pay (not only in the passing toast) until the card changes.
  const [declined, setDeclined] = useState<string | null>(null)
  const [askAuthentication, setAskAuthentication] = useState<
    ((outcome: AuthenticationOutcome) => void) | null
  >(null)
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(stripeKey ? withStripeCard : withTestCard) as Resolver<
      CheckoutInput,
      unknown,
      CheckoutValues
    >,
    mode: 'onTouched',
    defaultValues: EMPTY,
  })
  const { errors, isValid } = form.formState

  const pay = useMutation({
    ...paymentMutations.pay(),
    onSuccess: async ({ sale }) => {
      const mail = await sendPurchaseMail(sale.id).then(
        (answer) => ({ ok: true as const, message: answer.ok }),
        (error: Error) => ({ ok: false as const, message: error.message }),
      )
      form.reset(EMPTY)
      setStripeCard(null)
      // docs/product.md §9: the checkout success toast comes 400 ms later.
      setTimeout(() => {
        if (mail.ok) notify.success(mail.message)
        else notify.warning(`Order #${sale.id} is paid, but its e-mail failed: ${mail.message}`)
      }, 400)
      // The success page empties the cart and forgets the order's key.
      await navigate({ to: '/success', state: { order: sale } })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) setDeclined(error.message)
    },
  })
  const submit = ({ card, ...userInfo }: CheckoutValues) => {
    if (!canPay) return
    const items = lines.map(({ id, count }) => ({ id, count }))
    pay.mutate({
      paymentMethod: async () => {
        const id = stripeKey
          ? await stripeCard?.createPaymentMethod()
          : testPaymentMethod(card.number)
        if (!id) throw new Error('Enter a card')
        return id
      },
      items,
      amount: total,
      token: useSessionStore.getState().session?.token,
      userInfo,
      idempotencyKey: orderKeyFor(items),
      authenticate: async (clientSecret) => {
        if (stripeCard) return stripeCard.handleNextAction(clientSecret)
        const outcome = await new Promise<AuthenticationOutcome>((answer) =>
          setAskAuthentication(() => answer),
        )
        setAskAuthentication(null)
        await sendTestAuthentication({ client_secret: clientSecret, outcome })
      },
    })
  }
  const changeStripeCard = (card: CardSource | null) => {
    setDeclined(null)
    setStripeCard(card)
  }

  const cardReady = stripeKey ? stripeCard?.complete === true : true
  const canPay = isValid && cardReady && orderable && !pay.isPending

  return (
    <form
      className="checkout-form"
      noValidate
      aria-busy={pay.isPending}
      onSubmit={form.handleSubmit(submit)}
    >
      <fieldset className="checkout-fieldset">
        <legend>Shipping and contact</legend>
        {CUSTOMER_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
      </fieldset>

      {stripeKey ? (
        <fieldset className="checkout-fieldset">
          <legend>Card</legend>
          <StripeErrorBoundary>
            <Suspense fallback={<Spinner label="Loading the card form" />}>
              <StripeCardField publishableKey={stripeKey} onChange={changeStripeCard} />
            </Suspense>
          </StripeErrorBoundary>
        </fieldset>
      ) : (
        <fieldset className="checkout-fieldset test-card">
          <legend>Test card (no real money)</legend>
          {/* Said in words before any card field: a shop that lost its Stripe key must not look live. */}
          <p className="test-mode-notice" role="note">
            Test mode: no real payment is taken
          </p>
          <p className="test-card-hint">
            This shop runs in test-payment mode. Use 4242 4242 4242 4242 for a paid order, 4000 0025
            0000 3155 for a card that asks for authentication or 4000 0000 0000 0002 for a declined
            card, any future expiry and any CVC.
          </p>
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            error={errors.card?.number?.message}
            {...form.register('card.number', {
              onChange: (event: { target: HTMLInputElement }) => {
                event.target.value = formatCardNumber(event.target.value)
                setDeclined(null)
              },
            })}
          />
          <div className="test-card-row">
            <TextField
              label="Expiry (MM/YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="12/34"
              error={errors.card?.expiry?.message}
              {...form.register('card.expiry', {
                onChange: (event: { target: HTMLInputElement }) => {
                  event.target.value = formatExpiry(event.target.value)
                  setDeclined(null)
                },
              })}
            />
            <TextField
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              error={errors.card?.cvc?.message}
              {...form.register('card.cvc')}
            />
          </div>
        </fieldset>
      )}

      <button
        type="submit"
        className="button button-primary pay-button"
        // Focusable while it cannot pay: Tab reaches it and its reason; a press shows what is missing.
        aria-disabled={!canPay}
        aria-describedby={declined ? 'payment-declined' : canPay ? undefined : 'pay-hint'}
      >
        {pay.isPending && <span className="spinner" aria-hidden="true" />}
        Pay with {provider} {formatPrice(total)}
      </button>
      {!canPay && !pay.isPending && !declined && (
        <p id="pay-hint" className="pay-hint">
          Pay opens once every field above is filled in and valid.
        </p>
      )}
      {declined && (
        <p id="payment-declined" className="field-error payment-declined">
          {declined}
        </p>
      )}
      {askAuthentication && <TestAuthenticationDialog onAnswer={askAuthentication} />}
      {pay.isPending && (
        <p role="status" className="paying-status">
          Paying…
        </p>
      )}
    </form>
  )
}
