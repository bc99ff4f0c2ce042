import { lazy, Suspense } from 'react'
import { Spinner } from '../../components/spinner'
import type { CardSource } from './card-source'
import { StripeErrorBoundary } from './stripe-error-boundary'

const StripeCardField = lazy(() => import('./stripe-card-field'))

/** The card with Stripe keys: Stripe's own field, loaded only here, its failure said in words. */
export function StripeCardSection({
  publishableKey,
  onChange,
}: {
  publishableKey: string
  onChange: (card: CardSource | null) => void
}) {
  return (
    <fieldset className="checkout-fieldset">
      <legend>Card</legend>
      <StripeErrorBoundary>
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <StripeCardField publishableKey={publishableKey} onChange={onChange} />
        </Suspense>
      </StripeErrorBoundary>
    </fieldset>
  )
}
