import type { GoogleVerifier, TokenService } from './accounts'
import type { PageCache } from './cache/page-cache'
import type { Database } from './db/client'
import type { Account } from './db/schema/accounts'
import type { Env } from './env'
import type { PaymentService } from './payments'
import type { PhotoStore } from './photos'
import type { Throttle } from './throttles/throttle'

export interface Deps {
  db: Database
  env: Env
  tokens: TokenService
  payment: PaymentService
  google: GoogleVerifier
  throttle: Throttle
  pageCache: PageCache
  photos: PhotoStore
}

export interface AppEnv {
  Variables: {
    deps: Deps
    account: Account
  }
}
