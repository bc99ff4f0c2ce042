// A change the pricing admin refuses, in the shop's words: the routes turn it into a 400 naming
// the field, or a 404. Thrown inside the write's transaction, so nothing of it is kept.
export type PricingRefusal =
  | { kind: 'invalid'; error: string; field: string }
  | { kind: 'not_found'; error: string }

export class PricingRefused extends Error {
  constructor(readonly refusal: PricingRefusal) {
    super(refusal.error)
  }
}

export const invalid = (field: string, error: string): never => {
  throw new PricingRefused({ kind: 'invalid', field, error: `${field}: ${error}` })
}

export const notFound = (error: string): never => {
  throw new PricingRefused({ kind: 'not_found', error })
}
