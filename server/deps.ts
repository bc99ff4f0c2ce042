import { createGoogleVerifier, createTokenService, loadJwtSecret } from './accounts'
import { createPageCache } from './cache/page-cache'
import { shareClears } from './cache/shared-page-cache'
import type { Deps } from './context'
import type { DatabaseHandle } from './db/client'
import type { Env } from './env'
import { createStripePayment, createTestPayment } from './payments'
import { createPhotoStore } from './photos'
import { createThrottle } from './throttles/throttle'
import { throttleRules } from './throttles/throttle-rules'

export async function createDeps(database: DatabaseHandle, env: Env): Promise<Deps> {
  const { db } = database
  return {
    db,
    env,
    tokens: createTokenService(await loadJwtSecret(db, env)),
    payment: env.STRIPE_SECRET_KEY
      ? createStripePayment(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL)
      : createTestPayment(),
    google: createGoogleVerifier({ clientId: env.GOOGLE_CLIENT_ID, keys: env.GOOGLE_JWKS_URL }),
    pageCache: await shareClears(
      createPageCache({ ttlMs: 5_000, maxEntries: 500 }),
      database.broadcast,
    ),
    throttle: createThrottle(db, throttleRules(env)),
    photos: await createPhotoStore(env),
  }
}
