import type { Database } from '../db/client'
import type { Env } from '../env'
import type { Throttle } from '../throttles/throttle'
import type { PaymentService } from './provider'

/** What the payment module is given by the server it runs in (server/deps.ts makes it). */
export interface PaymentDeps {
  db: Database
  env: Env
  payment: PaymentService
  throttle: Throttle
}
