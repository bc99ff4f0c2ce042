import { Hono } from 'hono'
import { paymentBody } from '../../contract/sales'
import type { AppEnv } from '../context'
import { fail } from '../http-error'
import { requireAuth } from '../middleware/auth'
import { validate } from '../middleware/validate'
import { checkout } from '../services/checkout'

/** Spec 7, Payment. The body's `token` is ignored: the Authorization header is the proof. */
export const paymentRoutes = new Hono<AppEnv>().post(
  '/',
  requireAuth,
  validate(paymentBody),
  async (c) => {
    const body = c.req.valid('json')
    const idempotencyKey = c.req.header('Idempotency-Key')?.trim()
    if (idempotencyKey !== undefined && (idempotencyKey === '' || idempotencyKey.length > 200)) {
      fail(400, 'Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key')
    }
    const result = await checkout(c.get('deps'), {
      account: c.get('account'),
      paymentMethodId: body.id,
      items: body.items,
      amount: body.amount,
      customer: body.userInfo,
      idempotencyKey,
    })
    if (result.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(result.body, result.status)
  },
)
