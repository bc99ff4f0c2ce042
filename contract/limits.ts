// No zod here: the first load's valibot schemas import these too (docs/decisions/2026-11-24-first-load.md).

// Longest text each kind of field takes: enough for any real value, small enough that nobody
// can fill the database or the server's memory with one request.
export const MAX_LENGTH = {
  name: 100,
  address: 200,
  email: 254,
  phone: 30,
  password: 128,
  url: 2048,
  description: 5000,
  /** Opaque tokens from others (a Google ID token, a reset token, a payment method id). */
  token: 4096,
} as const

/** PostgreSQL's integer: a larger id can match no row and would make the query itself fail. */
export const MAX_ID = 2_147_483_647

export const sortValues = ['default', 'asce', 'desce', 'low-price', 'high-price'] as const
export type SortValue = (typeof sortValues)[number]

// The home search box's suggestions: from 2 characters the server looks, below that it answers none.
export const SUGGESTIONS_FROM = 2
