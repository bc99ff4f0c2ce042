import type { Env } from '../env'

export interface ThrottleRule {
  /** Hits within the window after which the subject is refused. */
  limit: number
  windowMs: number
  /** How long the subject is then refused; it doubles with each further hit, up to maxBlockMs. */
  blockMs: number
  maxBlockMs?: number
}

const MINUTE = 60_000

/**
 * Every limit of the shop in one place (docs/limits.md). Per-address rules count the client's
 * address; the others count an account or a mail recipient, whatever the address. `E2E=1` raises
 * only the per-address ones: a test run comes from one address, an attacker from many.
 */
export function throttleRules(env: Pick<Env, 'E2E'>) {
  const perAddress = (limit: number) => (env.E2E === '1' ? 10_000 : limit)
  return {
    /** Failed logins of one account: 5, then 1 minute of refusal, 2, 4… up to an hour. */
    'login-account': { limit: 5, windowMs: 15 * MINUTE, blockMs: MINUTE, maxBlockMs: 60 * MINUTE },
    'login-address': { limit: perAddress(20), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    'register-address': { limit: perAddress(10), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    /** Password changes with a reset link or the current password. */
    'reset-address': { limit: perAddress(10), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    'mail-address': { limit: perAddress(10), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    /** Every mail a request asks for, counted by the address it goes to. */
    'mail-recipient': { limit: 5, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
    'profile-save-account': { limit: 10, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    /** Declined or failed card payments (card testing): per account, and per address. */
    'failed-payment-account': {
      limit: 5,
      windowMs: 60 * MINUTE,
      blockMs: 15 * MINUTE,
      maxBlockMs: 4 * 60 * MINUTE,
    },
    'failed-payment-address': {
      limit: perAddress(20),
      windowMs: 60 * MINUTE,
      blockMs: 15 * MINUTE,
      maxBlockMs: 4 * 60 * MINUTE,
    },
  } satisfies Record<string, ThrottleRule>
}

export type ThrottleRules = ReturnType<typeof throttleRules>
export type ThrottleRuleName = keyof ThrottleRules
