// docs/architecture.md: Stripe Elements when a publishable key is built in, otherwise the shop's
// clearly labelled test-payment mode. Kept free of Stripe imports: the nav's cart panel reads it.

export function stripePublishableKey(): string | undefined {
  return (import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined) || undefined
}

export function paymentProviderName(): 'Stripe' | 'Test card' {
  return stripePublishableKey() ? 'Stripe' : 'Test card'
}
