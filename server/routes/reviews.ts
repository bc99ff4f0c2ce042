import { and, asc, avg, count, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { raitingBody } from '../../contract/catalog'
import { PAID_PAYMENTS } from '../../contract/order-states'
import type { AppEnv } from '../context'
import { isUniqueViolation } from '../db/errors'
import { instruments, reviews } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { fail } from '../http-error'
import { requireAuth } from '../middleware/auth'
import { validate } from '../middleware/validate'
import { describeOperation, notFound, okWith } from '../openapi/describe-operation'

/** POST /raiting: only buyers rate, once per bought line (docs/architecture.md). */
export const reviewsRoutes = new Hono<AppEnv>()

const ALREADY_RATED = 'You already rated this purchase'

const aboutRating = describeOperation({
  summary: 'Rate a bought instrument, once per purchase',
  auth: 'user',
  responses: {
    201: okWith({ raiting: z.number(), raitingCount: z.number() }),
    403: 'Only buyers of this instrument can rate it',
    ...notFound('Instrument'),
  },
})

reviewsRoutes.post('/', aboutRating, requireAuth, validate(raitingBody), async (c) => {
  const { instrumentId, comment, star, saleItemId } = c.req.valid('json')
  const account = c.get('account')
  const { db } = c.get('deps')
  const result = await db
    .transaction(async (tx) => {
      const [instrument] = await tx
        .select({ id: instruments.id })
        .from(instruments)
        .where(eq(instruments.id, instrumentId))
        .for('update')
      if (!instrument) fail(404, 'Instrument not found')

      const bought = await tx
        .select({ id: saleItems.id, reviewId: reviews.id })
        .from(saleItems)
        .innerJoin(sales, eq(sales.id, saleItems.saleId))
        .leftJoin(reviews, eq(reviews.saleItemId, saleItems.id))
        .where(
          and(
            eq(sales.userId, account.id),
            inArray(sales.status, PAID_PAYMENTS),
            eq(saleItems.instrumentId, instrumentId),
            saleItemId === undefined ? undefined : eq(saleItems.id, saleItemId),
          ),
        )
        .orderBy(asc(saleItems.id))
      if (bought.length === 0) fail(403, 'Only buyers of this instrument can rate it')
      const unrated = bought.find((line) => line.reviewId === null)
      if (!unrated) fail(400, ALREADY_RATED)

      await tx.insert(reviews).values({
        instrumentId,
        userId: account.id,
        userName: account.userName,
        saleItemId: unrated.id,
        star,
        comment,
      })
      // The card's average lives on the instrument row; recompute it from all its reviews.
      const [stats] = await tx
        .select({ raiting: avg(reviews.star), raitingCount: count() })
        .from(reviews)
        .where(eq(reviews.instrumentId, instrumentId))
      const raiting = Number(stats?.raiting ?? 0)
      const raitingCount = stats?.raitingCount ?? 0
      await tx
        .update(instruments)
        .set({ raiting, raitingCount })
        .where(eq(instruments.id, instrumentId))
      return { raiting, raitingCount }
    })
    // Two requests rating the same line at once: the unique index stops the second.
    .catch((error) => (isUniqueViolation(error) ? fail(400, ALREADY_RATED) : Promise.reject(error)))
  return c.json({ ok: 'Thanks for rating this instrument', ...result }, 201)
})
