import Stripe from 'stripe'
import { AUTHENTICATION_FAILED, DECLINED } from '../../contract/test-cards'
import { observedPayments } from './observed-provider'
import type { PaymentService, PaymentState } from './payment-service'

export type {
  PaymentRequest,
  PaymentService,
  PaymentState,
  RefundRequest,
} from './payment-service'

// A webhook settles a sale only for a payment that is plainly this shop's: its own metadata key
// (another integration on the same Stripe account may well write `sale_id`), its currency, the
// sale's amount and the configured key's mode.
export const SALE_ID_METADATA = 'instrument_shop_sale_id'
export const SHOP_CURRENCY = 'usd'
export const REFUND_ID_METADATA = 'instrument_shop_refund_id'
export const isLiveKey = (secretKey: string | undefined) => /^[sr]k_live_/.test(secretKey ?? '')

export { AUTHENTICATION_FAILED, DECLINED }

/**
 * The provider may have acted though no answer came back: the connection broke or timed out, or
 * it failed on its side. Asked again with the same idempotency key, it answers what it did.
 */
export function answerUnclear(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError
  )
}
export const NOT_COMPLETED = 'The payment was not completed in time.'

/** A payment that hangs must not keep the shopper (or a reservation) waiting for long. */
const STRIPE_TIMEOUT_MS = 15_000

export function createStripePayment(secretKey: string, apiUrl?: string): PaymentService {
  const base = apiUrl ? new URL(apiUrl) : undefined
  const stripe = new Stripe(
    secretKey,
    base
      ? {
          host: base.hostname,
          port: base.port,
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          maxNetworkRetries: 0,
          timeout: STRIPE_TIMEOUT_MS,
        }
      : { timeout: STRIPE_TIMEOUT_MS },
  )
  return observedPayments({
    name: 'Stripe',
    async create({ amountCents, description, saleId, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: SHOP_CURRENCY,
          description,
          metadata: { [SALE_ID_METADATA]: String(saleId) },
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey },
      )
      return intent.id
    },
    async confirm(paymentId, paymentMethodId) {
      try {
        const intent = await stripe.paymentIntents.confirm(
          paymentId,
          // The browser's Stripe.js runs 3-D Secure (handleNextAction), not a redirect.
          { payment_method: paymentMethodId, use_stripe_sdk: true },
          // One confirmation per payment however often the client library retries it.
          { idempotencyKey: `confirm-${paymentId}` },
        )
        return stateOf(intent)
      } catch (error) {
        return declineOf(error)
      }
    },
    async retrieve(paymentId) {
      return stateOf(await stripe.paymentIntents.retrieve(paymentId))
    },
    async cancel(paymentId) {
      try {
        return stateOf(await stripe.paymentIntents.cancel(paymentId))
      } catch (error) {
        // Succeeded (or canceled) meanwhile: the payment's own state says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return this.retrieve(paymentId)
        throw error
      }
    },
    async refund({ paymentId, amountCents, idempotencyKey, refundId }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentId,
          ...(amountCents === undefined ? {} : { amount: amountCents }),
          ...(refundId === undefined
            ? {}
            : { metadata: { [REFUND_ID_METADATA]: String(refundId) } }),
        },
        { idempotencyKey },
      )
      return refund.id
    },
  })
}

export function stateOf(intent: Stripe.PaymentIntent): PaymentState {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded' }
    case 'requires_action':
      return intent.client_secret
        ? { status: 'requires_action', clientSecret: intent.client_secret }
        : { status: 'processing' }
    case 'requires_payment_method':
      return { status: 'failed', error: intent.last_payment_error?.message || NOT_COMPLETED }
    case 'canceled':
      return { status: 'failed', error: NOT_COMPLETED }
    default:
      return { status: 'processing' }
  }
}

/** Stripe's refusals become a failed payment with its message; anything else is thrown. */
function declineOf(error: unknown): PaymentState {
  if (error instanceof Stripe.errors.StripeCardError) {
    return { status: 'failed', error: error.message || DECLINED }
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return {
      status: 'failed',
      error: `The payment could not be processed: ${error.message || 'the card details were not accepted'}`,
    }
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return {
      status: 'failed',
      error: 'This payment is already being processed with other details, please try again',
    }
  }
  throw error
}
