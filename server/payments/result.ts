import type { Sale } from '../../contract/sales'

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

/** Refused before any money moved: by a payment, a refund, a cancel or an order's move. */
export type PaymentRefusal =
  | { kind: 'invalid'; error: string; field: string }
  /** Sold out, another payment under way, too many units held, authentication still missing. */
  | { kind: 'conflict'; error: string }
  | { kind: 'key_reused'; error: string }
  | { kind: 'not_found'; error: string }
  /** The order's state does not allow it (a refund of a refunded order, a cancel once shipped). */
  | { kind: 'not_allowed'; error: string }
  | { kind: 'too_many_holds'; error: string; retryAfterSeconds: number }

/** Thrown inside a transaction to undo it; the module returns its refusal, never throws it out. */
export class Refused extends Error {
  constructor(readonly refusal: PaymentRefusal) {
    super(refusal.error)
  }
}

export const refuse = (refusal: PaymentRefusal): never => {
  throw new Refused(refusal)
}

/** Runs `work`; a refusal thrown inside (and its transaction rolled back) becomes the result. */
export async function refusalOr<T>(work: () => Promise<T>): Promise<T | PaymentRefusal> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
}
