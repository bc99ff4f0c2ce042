import type { Context } from 'hono'
import { fail } from '../http-error'

/** The request's `Idempotency-Key` (the app sends one per payment, refund and cancel), if any. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header('Idempotency-Key')?.trim()
  if (key !== undefined && (key === '' || key.length > 200)) {
    fail(400, 'Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key')
  }
  return key
}
