import type { UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { checkoutCustomer } from '../../../contract/sales'
import { testCard } from './test-card'

// What the checkout form holds: the buyer's details and, in test-payment mode, the test card
// (with Stripe the card stays in Stripe's own field, outside the form).
export const withTestCard = checkoutCustomer.extend({ card: testCard })
export const withStripeCard = checkoutCustomer.extend({ card: z.unknown() })
export type CheckoutInput = z.input<typeof withTestCard>
export type CheckoutValues = z.output<typeof withTestCard>

/** The form each section registers its fields with. */
export type CheckoutFormApi = UseFormReturn<CheckoutInput, unknown, CheckoutValues>

export const EMPTY_CHECKOUT: CheckoutInput = {
  cus_name: '',
  cus_email: '',
  cus_phone: '',
  cus_address: '',
  cus_city: '',
  cus_country: '',
  cus_zip: '',
  card: { number: '', expiry: '', cvc: '' },
}
