import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useEffect, useState } from 'react'
import { Spinner } from '../../components/spinner'
import type { CardSource } from './card-source'
import { STRIPE_UNAVAILABLE } from './stripe-error-boundary'

// Loaded only by /checkout (this module is imported lazily): the storefront never downloads
// Stripe.js, and `pure` does not inject the script until loadStripe is called.
const loading = new Map<string, Promise<Stripe | null>>()

export default function StripeCardField({
  publishableKey,
  onChange,
}: {
  publishableKey: string
  onChange: (card: CardSource | null) => void
}) {
  const [stripe, setStripe] = useState<Stripe | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    const stripePromise = loading.get(publishableKey) ?? loadStripe(publishableKey)
    loading.set(publishableKey, stripePromise)
    stripePromise
      .then((loaded) => {
        if (!live) return
        if (loaded) setStripe(loaded)
        else setFailed(true)
      })
      .catch((error: unknown) => {
        // docs/product.md §8: the failed script is logged; the page says so instead of breaking.
        console.warn('Stripe.js failed to load', error)
        // A later visit to /checkout tries again.
        loading.delete(publishableKey)
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [publishableKey])

  if (failed) {
    return (
      <p className="card-unavailable" role="alert">
        {STRIPE_UNAVAILABLE}
      </p>
    )
  }
  if (!stripe) return <Spinner label="Loading the card form" />
  return (
    <Elements stripe={stripe}>
      <CardInput onChange={onChange} />
    </Elements>
  )
}

function CardInput({ onChange }: { onChange: (card: CardSource | null) => void }) {
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState<string>()

  return (
    <div className="stripe-card">
      {/* Inside the checkout's "Card" fieldset, which names it. */}
      <div className="stripe-card-box">
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
          onChange={(event) => {
            setError(event.error?.message)
            if (!stripe || !elements) return onChange(null)
            onChange({
              complete: event.complete,
              createPaymentMethod: async () => {
                const card = elements.getElement(CardElement)
                if (!card) throw new Error('The card form is not ready')
                const result = await stripe.createPaymentMethod({ type: 'card', card })
                if (result.error) throw new Error(result.error.message ?? 'Check the card details')
                return result.paymentMethod.id
              },
              // Its outcome is read by the server from Stripe (POST /payment/confirm), so a
              // failed or abandoned authentication needs no handling here.
              handleNextAction: async (clientSecret) => {
                await stripe.handleNextAction({ clientSecret })
              },
            })
          }}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
