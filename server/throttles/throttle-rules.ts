import type { Env } from '../env'

export interface ThrottleRule {
  limit: number
  windowMs: number
  blockMs: number
  maxBlockMs?: number
}

const MINUTE = 60_000

// Every limit of the shop (docs/limits.md). `E2E=1` raises only the per-address rules: a test
// run comes from one address, an attacker from many.
export function throttleRules(env: Pick<Env, 'E2E'>) {
  const perAddress = (limit: number) => (env.E2E === '1' ? 10_000 : limit)
  const paymentsAnHour = (limit: number) => ({
    limit,
    windowMs: 60 * MINUTE,
    blockMs: 15 * MINUTE,
    maxBlockMs: 4 * 60 * MINUTE,
  })
  return {
    'login-account': { limit: 5, windowMs: 15 * MINUTE, blockMs: MINUTE, maxBlockMs: 60 * MINUTE },
    // A browser with the account's device cookie (middleware/device-cookie.ts): its own streak,
    // so strangers filling 'login-account' never shut the owner out.
    'login-device': { limit: 5, windowMs: 15 * MINUTE, blockMs: MINUTE, maxBlockMs: 60 * MINUTE },
    'login-address': { limit: perAddress(20), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    'register-address': { limit: perAddress(10), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    'reset-address': { limit: perAddress(10), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    'mail-address': { limit: perAddress(10), windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    // Mails anyone can ask for an address (sign-up, guest alert, newsletter), per mailbox.
    'mail-recipient': { limit: 5, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
    // Mails that protect an account (reset, verification, its own notices): a budget of their own,
    // so strangers asking for the other mails can never hold up the owner's reset.
    'account-mail-recipient': { limit: 5, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
    'profile-save-account': { limit: 10, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    'failed-payment-account': paymentsAnHour(5),
    'failed-payment-address': paymentsAnHour(perAddress(20)),
    // Reservations awaiting authentication (holds) from an address, counted when opened, paid or
    // not. An account's own holds are counted from its sales (payments/holds.ts).
    'payment-hold-address': paymentsAnHour(perAddress(20)),
    // Discount codes that do not exist, tried in quotes: codes are worth money, so an account
    // cannot try them one after another.
    'discount-code-account': { limit: 10, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    // The whole catalogue, unpaged (the spec's GET /api/instruments): each new spelling of its
    // name filter reads the catalogue once, so one address may ask few of them a minute.
    'catalogue-list-address': { limit: perAddress(30), windowMs: MINUTE, blockMs: MINUTE },
  } satisfies Record<string, ThrottleRule>
}

export type ThrottleRules = ReturnType<typeof throttleRules>
export type ThrottleRuleName = keyof ThrottleRules
