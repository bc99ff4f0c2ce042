import type { Database } from './db/client'
import type { Account } from './db/schema/accounts'
import type { Env } from './env'
import type { PaymentService } from './payments'
import type { PhotoStore } from './photos/store'
import type { TokenService } from './services/auth'
import type { GoogleVerifier } from './services/google'
import type { PageCache } from './services/page-cache'
import type { Throttle } from './services/throttle'

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
