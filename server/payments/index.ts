// The card payment, as one module: reserve and charge (checkout), settle, confirm, release, and
// refund. Each answers a result in the shop's words (result.ts), never an HTTP status; the routes
// in server/routes/ choose the status (docs/decisions/2026-11-24-card-payments.md).
export {
  type CheckoutRequest,
  type CheckoutResult,
  checkout,
  type HoldLimits,
  PAYMENT_UNDER_WAY,
  PROVIDER_UNAVAILABLE,
  REPLACED_BY_NEWER_ORDER,
  TOO_MANY_HOLDS,
} from './checkout'
export { confirmPayment } from './confirm'
export type { PaymentDeps } from './deps'
export { TOO_MANY_UNFINISHED_HOLDS, tooManyUnitsHeld } from './holds'
export { IDEMPOTENCY_WINDOW_MS, purgeIdempotencyKeys, STILL_PROCESSING } from './idempotency'
export {
  AUTHENTICATION_FAILED,
  createStripePayment,
  DECLINED,
  NOT_COMPLETED,
  type PaymentRequest,
  type PaymentService,
  type PaymentState,
} from './provider'
export {
  KEY_REUSED,
  NOTHING_PAID,
  type RefundRequest,
  type RefundResult,
  refundSale,
} from './refund'
export { releaseHold, settleStaleReservations } from './release'
export type { PaymentRefusal, PaymentResult } from './result'
export { settle } from './settle'
export { settleStaleRefunds } from './stale-refunds'
export { handleStripeEvent } from './stripe-webhook'
export { createTestPayment } from './test-provider'
