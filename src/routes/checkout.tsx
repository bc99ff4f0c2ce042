import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../features/checkout/checkout-page'
import { requireSession } from '../lib/guards'

export const Route = createFileRoute('/checkout')({
  beforeLoad: requireSession,
  component: CheckoutPage,
})
