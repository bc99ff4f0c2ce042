import Stripe from 'stripe'

export interface ChargeRequest {
  /** The card's payment-method id from the client (Stripe's `pm_…`). */
  paymentMethodId: string
  amountCents: number
  description: string
  idempotencyKey: string
}

export type ChargeResult = { ok: true; paymentId: string } | { ok: false; error: string }

/** One interface for the card provider: Stripe with keys, the built-in test provider without. */
export interface PaymentService {
  readonly name: string
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** Gives back a whole successful charge (the sale could not be recorded after it). */
  refund(paymentId: string): Promise<void>
}

const DECLINED = 'Your card was declined.'

/** Stripe's test payment methods and what Stripe's test mode answers for each (ARCHITECTURE.md). */
const TEST_CARDS: Record<string, ChargeResult | undefined> = {
  pm_card_visa: { ok: true, paymentId: '' },
  pm_card_mastercard: { ok: true, paymentId: '' },
  pm_card_amex: { ok: true, paymentId: '' },
  pm_card_chargeDeclined: { ok: false, error: DECLINED },
  pm_card_chargeDeclinedInsufficientFunds: {
    ok: false,
    error: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: { ok: false, error: 'Your card has expired.' },
}

/** The built-in test provider; it keeps the refunded payment ids so tests can read them. */
export function createTestPayment(): PaymentService & { readonly refunded: string[] } {
  let next = 1
  const refunded: string[] = []
  return {
    name: 'Test card',
    refunded,
    async charge({ paymentMethodId }) {
      const outcome = TEST_CARDS[paymentMethodId] ?? { ok: false, error: DECLINED }
      if (!outcome.ok) return outcome
      return { ok: true, paymentId: `test_pi_${Date.now()}_${next++}` }
    },
    async refund(paymentId) {
      refunded.push(paymentId)
    },
  }
}

/** A payment that hangs must not hold the order's transaction (and its stock locks) for long. */
const STRIPE_TIMEOUT_MS = 15_000

/** `apiUrl` points the client at a stand-in of Stripe's API (e2e only; there is no network here). */
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
  return {
    name: 'Stripe',
    async charge({ paymentMethodId, amountCents, description, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            payment_method: paymentMethodId,
            description,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        )
        if (intent.status === 'succeeded') return { ok: true, paymentId: intent.id }
        return { ok: false, error: `The payment was not completed (${intent.status}).` }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { ok: false, error: error.message || DECLINED }
        }
        // A payment method Stripe does not know or cannot use here, a bad amount, …
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return {
            ok: false,
            error: `The payment could not be processed: ${error.message || 'the card details were not accepted'}`,
          }
        }
        // The same order retried with other details while the first attempt is still known.
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          return {
            ok: false,
            error: 'This payment is already being processed with other details, please try again',
          }
        }
        throw error
      }
    },
    async refund(paymentId) {
      await stripe.refunds.create(
        { payment_intent: paymentId },
        // One refund per payment, however often this is retried.
        { idempotencyKey: `refund-${paymentId}` },
      )
    },
  }
}
