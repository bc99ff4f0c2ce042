import type { Database } from './db/client'
import type { Account } from './db/schema/accounts'
import type { Env } from './env'
import type { TokenService } from './services/auth'
import type { GoogleVerifier } from './services/google'
import type { PageCache } from './services/page-cache'
import type { PaymentService } from './services/payment'
import type { Throttle } from './services/throttle'

/** Everything a handler needs from the outside world, built once and passed in (tests swap it). */
export interface Deps {
  db: Database
  env: Env
  tokens: TokenService
  payment: PaymentService
  google: GoogleVerifier
  /** Counters of attempts per address, account and mail recipient (services/throttle-rules.ts). */
  throttle: Throttle
  /** Answered storefront pages; cleared after every change. */
  pageCache: PageCache
}

export interface AppEnv {
  Variables: {
    deps: Deps
    /** Set by `authenticate` when a valid bearer token came with the request. */
    account: Account
  }
}
