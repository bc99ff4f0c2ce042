import { type Context, Hono } from 'hono'
import Stripe from 'stripe'
import { z } from 'zod'
import {
  confirmPaymentBody,
  paymentAction,
  paymentBody,
  paymentResponse,
  testAuthenticationBody,
} from '../../contract/sales'
import type { AppEnv } from '../context'
import { fail } from '../http-error'
import { requireAuth } from '../middleware/auth'
import { idempotencyKeyOf } from '../middleware/idempotency-key'
import {
  clientKey,
  refuseWhileThrottled,
  takeAttempts,
  tooManyAttempts,
} from '../middleware/rate-limit'
import { validate } from '../middleware/validate'
import { describeOperation, ok } from '../openapi/describe-operation'
import type { PaymentResult } from '../payments'
import {
  type CheckoutResult,
  checkout,
  confirmPayment,
  type HoldLimits,
  handleStripeEvent,
} from '../payments'
import type { ThrottleRuleName } from '../throttles/throttle-rules'
import { paymentAnswer } from './payment-answer'

function answer(c: Context<AppEnv>, result: PaymentResult) {
  const { status, body, headers } = paymentAnswer(result)
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value)
  return c.json(body, status)
}

/** Failed charges count per account and per address, so nobody can test cards here in bulk. */
const failedPayments = (c: Context<AppEnv>): [ThrottleRuleName, string][] => [
  ['failed-payment-account', String(c.get('account').id)],
  ['failed-payment-address', clientKey(c)],
]

// Counted when a hold (units reserved while the bank waits for authentication) opens from an
// address; an account's own holds are counted from its sales (payments/holds.ts).
const holds = (c: Context<AppEnv>): [ThrottleRuleName, string][] => [
  ['payment-hold-address', clientKey(c)],
]

const holdLimits = (c: Context<AppEnv>): HoldLimits => ({
  check: () => refuseWhileThrottled(c, holds(c)),
  take: () => takeAttempts(c, holds(c)),
})

// Counted before the charge, so a burst of requests cannot all reach the bank before the counter
// refuses; given back once the payment turns out not to have failed.
async function countPaymentAttempt(c: Context<AppEnv>) {
  const { throttle } = c.get('deps')
  const counted: [ThrottleRuleName, string][] = []
  const giveBack = async () => {
    for (const [rule, subject] of counted) await throttle.giveBack(rule, subject)
  }
  for (const [rule, subject] of failedPayments(c)) {
    const wait = await throttle.hit(rule, subject)
    if (wait > 0) {
      await giveBack()
      tooManyAttempts(wait)
    }
    counted.push([rule, subject])
  }
  return giveBack
}

async function countIfFailed(c: Context<AppEnv>, result: PaymentResult) {
  if (result.kind !== 'declined') return
  for (const [rule, subject] of failedPayments(c)) await c.get('deps').throttle.hit(rule, subject)
}

const aboutPayment = describeOperation({
  summary:
    'Pay for the cart: priced as POST /checkout/quote prices it (country, default userInfo.cus_country; shippingMethodId; discountCode), the stock reserved and the code’s use held, the card charged (an order that costs nothing is paid without it), the sale settled. 202 when the bank asks for authentication (3-D Secure): finish with POST /payment/confirm. An account holds one reservation awaiting authentication: a new order cancels the earlier one at the provider and gives its units back. An Idempotency-Key header makes a retry safe (it replays the same 202)',
  auth: 'user',
  responses: {
    201: paymentResponse,
    202: paymentAction,
    402: 'The card was refused (the provider\'s text, e.g. "Your card was declined.")',
    409: 'More than the stock ("Only 2 left of …", "… is sold out"), a discount code refused at this moment (its reason: "This discount code has been used up", …), a country not shipped to ("We do not ship to … yet") or a total under the smallest card payment ("A card payment is at least $0.50: …"), nothing charged; this order is still being processed, or another payment of the account is still being charged ("Another payment of yours is still being processed: …")',
    422: 'This Idempotency-Key was already used for a different order',
    429: 'Too many failed payments, or too many reservations awaiting authentication, for this account or address: wait the seconds in Retry-After',
    502: 'The card payment is not available right now, please try again',
    504: 'This payment is still being processed; your purchase history shows when it is paid',
  },
})

const aboutPaymentConfirm = describeOperation({
  summary: 'Finish a payment after the customer authenticated it (3-D Secure)',
  auth: 'user',
  responses: {
    201: paymentResponse,
    402: "The authentication failed or the card was refused (the provider's text)",
    409: 'The payment still needs your authentication',
    404: 'No such payment',
  },
})

const aboutTestAuthentication = describeOperation({
  summary:
    "Test-payment mode only: the stand-in for the bank's authentication page (complete or fail a 3-D Secure payment)",
  auth: 'user',
  responses: {
    200: ok,
    404: 'Only the test-payment mode authenticates here',
    409: 'This payment is not waiting for authentication',
  },
})

const aboutWebhook = describeOperation({
  summary: "Stripe's signed events (Stripe-Signature header, STRIPE_WEBHOOK_SECRET)",
  responses: {
    200: z.object({ received: z.boolean() }),
    400: 'The Stripe-Signature header does not match this body',
    503: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)',
  },
})

/** docs/product.md §7, Payment. The body's `token` is ignored: the Authorization header is the proof. */
export const paymentRoutes = new Hono<AppEnv>()
  .post('/', aboutPayment, requireAuth, validate(paymentBody), async (c) => {
    const body = c.req.valid('json')
    const idempotencyKey = idempotencyKeyOf(c)
    const giveBackAttempt = await countPaymentAttempt(c)
    let result: CheckoutResult
    try {
      result = await checkout(c.get('deps'), {
        account: c.get('account'),
        paymentMethodId: body.id,
        items: body.items,
        amount: body.amount,
        customer: body.userInfo,
        country: body.country,
        shippingMethodId: body.shippingMethodId,
        discountCode: body.discountCode,
        idempotencyKey,
        holdLimits: holdLimits(c),
      })
    } catch (refusal) {
      // Refused before the charge, or a hold over its limit canceled: no failed payment.
      await giveBackAttempt()
      throw refusal
    }
    if (!result.failedPayment) await giveBackAttempt()
    if (result.replayed) c.header('Idempotent-Replayed', 'true')
    return answer(c, result.result)
  })
  .post('/confirm', aboutPaymentConfirm, requireAuth, validate(confirmPaymentBody), async (c) => {
    const { paymentIntentId } = c.req.valid('json')
    const result = await confirmPayment(c.get('deps'), c.get('account'), paymentIntentId)
    await countIfFailed(c, result)
    return answer(c, result)
  })
  // Test-payment mode's stand-in for Stripe's authentication page: it changes the payment at the
  // test provider only; the sale follows when the browser calls /confirm, as with Stripe.
  .post(
    '/test-authentication',
    aboutTestAuthentication,
    requireAuth,
    validate(testAuthenticationBody),
    async (c) => {
      const { payment } = c.get('deps')
      if (!payment.authenticate) fail(404, 'Only the test-payment mode authenticates here')
      const { client_secret, outcome } = c.req.valid('json')
      if (!(await payment.authenticate(client_secret, outcome))) {
        fail(409, 'This payment is not waiting for authentication')
      }
      return c.json({ ok: outcome === 'complete' ? 'Authenticated' : 'Authentication failed' })
    },
  )
  .post('/webhook', aboutWebhook, async (c) => {
    const secret = c.get('deps').env.STRIPE_WEBHOOK_SECRET
    if (!secret) fail(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)')
    // The signature covers the exact bytes Stripe sent: read them raw, parse only after.
    const raw = await c.req.text()
    let event: Stripe.Event
    try {
      event = Stripe.webhooks.constructEvent(raw, c.req.header('Stripe-Signature') ?? '', secret)
    } catch {
      fail(400, 'The Stripe-Signature header does not match this body')
    }
    await handleStripeEvent(c.get('deps'), event)
    return c.json({ received: true })
  })
