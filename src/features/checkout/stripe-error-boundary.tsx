import { Component, type ReactNode } from 'react'

export const STRIPE_UNAVAILABLE =
  "The card form could not load: Stripe's script is not available. Check your connection and reload the page."

// docs/product.md §8: when the provider's script is missing or broken (chunk or Stripe.js failed, Elements
// refused what loaded), the checkout says so and the rest of the page keeps working.
export class StripeErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.warn('The Stripe card form failed', error)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <p className="card-unavailable" role="alert">
        {STRIPE_UNAVAILABLE}
      </p>
    )
  }
}
