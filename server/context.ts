import type { TokenService } from './accounts/auth'
import type { GoogleVerifier } from './accounts/google'
import type { PageCache } from './cache/page-cache'
import type { Database } from './db/client'
import type { Account } from './db/schema/accounts'
import type { Env } from './env'
import type { Throttle } from './middleware/throttle'
import type { PaymentService } from './payments'
import type { PhotoStore } from './photos/store'

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
