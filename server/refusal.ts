/**
 * A request the shop refuses, in its own words: a domain returns one (or throws it inside a
 * transaction, to undo what the transaction wrote) and never picks an HTTP status;
 * routes/refusal-answer.ts does, in one place.
 */
export type Refusal =
  | { kind: 'invalid'; error: string; field: string }
  /** Sold out, another payment under way, too many units held, authentication still missing. */
  | { kind: 'conflict'; error: string }
  | { kind: 'key_reused'; error: string }
  | { kind: 'not_found'; error: string }
  /** The order's state does not allow it (a refund of a refunded order, a cancel once shipped). */
  | { kind: 'not_allowed'; error: string }
  | { kind: 'too_many_holds'; error: string; retryAfterSeconds: number }

/**
 * Thrown inside a transaction to undo it. A domain's entry returns its refusal (refusalOr); one that
 * reaches the API's error handler is answered the same way.
 */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error)
  }
}

export const refuse = (refusal: Refusal): never => {
  throw new Refused(refusal)
}

/** Runs `work`; a refusal thrown inside (and its transaction rolled back) becomes the result. */
export async function refusalOr<T>(work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
}
