import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { favourite } from '../../contract/catalog'
import { idBody } from '../../contract/rules'
import { visibleToShoppers } from '../catalogue'
import type { AppEnv } from '../context'
import { categories, favourites, instruments } from '../db/schema/catalog'
import { fail } from '../http-error'
import { requireAuth } from '../middleware/auth'
import { validate } from '../middleware/validate'
import { describeOperation, idOk, notFound } from '../openapi/describe-operation'

export const favouritesRoutes = new Hono<AppEnv>()

favouritesRoutes.use(requireAuth)

const aboutFavourites = describeOperation({
  summary: 'The favourites of the signed-in shopper',
  auth: 'user',
  responses: { 200: z.array(favourite) },
})

favouritesRoutes.get('/', aboutFavourites, async (c) => {
  const { db } = c.get('deps')
  const rows = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      brand: instruments.brand,
      description: instruments.description,
      price: instruments.price,
      img: instruments.img,
      stock: instruments.stock,
      status: instruments.status,
    })
    .from(favourites)
    .innerJoin(instruments, eq(instruments.id, favourites.instrumentId))
    .innerJoin(categories, eq(categories.id, instruments.categoryId))
    // A favourite that was banned later stays stored and shows again when unbanned.
    .where(and(eq(favourites.userId, c.get('account').id), visibleToShoppers))
    .orderBy(desc(favourites.createdAt), desc(instruments.id))
  return c.json(rows)
})

const aboutFavouriteAdd = describeOperation({
  summary: 'Add an instrument to the favourites',
  auth: 'user',
  responses: { 200: idOk, ...notFound('Instrument') },
})

favouritesRoutes.post('/', aboutFavouriteAdd, validate(idBody), async (c) => {
  const { id } = c.req.valid('json')
  const { db } = c.get('deps')
  const userId = c.get('account').id
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: instruments.id })
      .from(instruments)
      .innerJoin(categories, eq(categories.id, instruments.categoryId))
      .where(and(eq(instruments.id, id), visibleToShoppers))
    if (!found) fail(404, 'Instrument not found')
    // Adding one that is already there is not an error: the heart just stays filled.
    await tx.insert(favourites).values({ userId, instrumentId: id }).onConflictDoNothing()
  })
  return c.json({ ok: 'Added to favorites', id })
})

const aboutFavouriteRemove = describeOperation({
  summary: 'Remove an instrument from the favourites',
  auth: 'user',
  responses: { 200: idOk },
})

favouritesRoutes.delete('/', aboutFavouriteRemove, validate(idBody), async (c) => {
  const { id } = c.req.valid('json')
  const { db } = c.get('deps')
  const userId = c.get('account').id
  await db.transaction((tx) =>
    tx
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.instrumentId, id))),
  )
  return c.json({ ok: 'Removed from favorites', id })
})
