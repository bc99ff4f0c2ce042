import type { Deps } from './context'
import type { Database } from './db/client'
import type { Env } from './env'
import { createRateLimiter } from './middleware/rate-limit'
import { createTokenService, loadJwtSecret } from './services/auth'
import { createGoogleVerifier } from './services/google'
import { createOutboxMail, createSmtpMail } from './services/mail'
import { createPageCache } from './services/page-cache'
import { createStripePayment, createTestPayment } from './services/payment'

/** Picks each outside-world service from the environment. */
export function createDeps(db: Database, env: Env): Deps {
  return {
    db,
    env,
    tokens: createTokenService(loadJwtSecret(env.JWT_SECRET, env.DATA_DIR)),
    mail: env.SMTP_URL ? createSmtpMail(env.SMTP_URL, env.MAIL_FROM) : createOutboxMail(db),
    payment: env.STRIPE_SECRET_KEY
      ? createStripePayment(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL)
      : createTestPayment(),
    google: createGoogleVerifier({ clientId: env.GOOGLE_CLIENT_ID, keys: env.GOOGLE_JWKS_URL }),
    // 10 attempts a minute per client and bucket; the e2e suite logs in far more often.
    pageCache: createPageCache({ ttlMs: 5_000, maxEntries: 500 }),
    rateLimiter: createRateLimiter({ limit: env.E2E === '1' ? 10_000 : 10, windowMs: 60_000 }),
  }
}
