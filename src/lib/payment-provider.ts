// docs/architecture.md: Stripe Elements when the server gives a publishable key, otherwise the
// shop's clearly labelled test-payment mode. Kept free of Stripe imports: the nav's cart panel reads it.
import { shopConfig } from './shop-config'

export function stripePublishableKey(): string | undefined {
  return shopConfig().stripePublishableKey
}

export function paymentProviderName(): 'Stripe' | 'Test card' {
  return stripePublishableKey() ? 'Stripe' : 'Test card'
}
