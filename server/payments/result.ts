import type { Sale } from '../../contract/sales'
import type { Refusal } from '../refusal'

/**
 * What a card payment comes to, in the shop's words. The payment module answers these and never
 * an HTTP status: routes/payment-answer.ts turns them into the API's answers.
 */
export type PaymentResult =
  | { kind: 'paid'; sale: Sale }
  /** The bank asks the shopper to authenticate (3-D Secure); the units are held meanwhile. */
  | { kind: 'needs_authentication'; clientSecret: string; paymentIntentId: string }
  | { kind: 'declined'; error: string }
  /** Still at the bank, or a repeat of an order whose first request is still charging. */
  | { kind: 'processing'; error: string }
  /** The bank did not answer in time: the webhook or the stale-reservation job settles it. */
  | { kind: 'unanswered'; error: string }
  | { kind: 'provider_unavailable'; error: string }
  | PaymentRefusal

/** Refused before any money moved. */
export type PaymentRefusal = Refusal
