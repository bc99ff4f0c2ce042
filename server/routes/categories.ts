import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { category, categoryCreateBody, categoryUpdateBody } from '../../contract/catalog'
import { idBody } from '../../contract/rules'
import { recordAudit } from '../audit'
import { categoryNameIs, shownCategory } from '../catalogue'
import type { AppEnv } from '../context'
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors'
import { categories, instruments } from '../db/schema/catalog'
import { fail } from '../http-error'
import { requireAdmin } from '../middleware/auth'
import { validate } from '../middleware/validate'
import { describeOperation, idOk, notFound, okWith } from '../openapi/describe-operation'

export const categoriesRoutes = new Hono<AppEnv>()

const DUPLICATE = 'A category with this name already exists'

const aboutAllCategories = describeOperation({
  summary: 'Every category, banned ones included',
  responses: { 200: z.array(category) },
})

categoriesRoutes.get('/all', aboutAllCategories, async (c) => {
  const { db } = c.get('deps')
  return c.json(await db.select().from(categories).orderBy(asc(categories.name)))
})

const aboutShopCategories = describeOperation({
  summary: "The storefront filter's categories (those a shopper may see)",
  responses: { 200: z.array(category) },
})

categoriesRoutes.get('/', aboutShopCategories, async (c) => {
  const { db } = c.get('deps')
  return c.json(
    await db.select().from(categories).where(shownCategory).orderBy(asc(categories.name)),
  )
})

const aboutAdd = describeOperation({
  summary: 'Create a category',
  auth: 'admin',
  responses: { 201: okWith({ category }) },
})

categoriesRoutes.post('/', aboutAdd, requireAdmin, validate(categoryCreateBody), async (c) => {
  const { name } = c.req.valid('json')
  const { db } = c.get('deps')
  const category = await db
    .transaction(async (tx) => {
      const [taken] = await tx.select().from(categories).where(categoryNameIs(name))
      if (taken) fail(400, DUPLICATE, 'name')
      const [row] = await tx.insert(categories).values({ name }).returning()
      if (row) {
        const entry = { kind: 'category.create', entity: 'category', entityId: row.id } as const
        await recordAudit(tx, c.get('account'), { ...entry, after: row })
      }
      return row
    })
    .catch(rethrowDuplicate)
  return c.json({ ok: 'Category created successfully', category }, 201)
})

const aboutEdit = describeOperation({
  summary: 'Rename a category, or ban it',
  auth: 'admin',
  responses: { 200: okWith({ category }), ...notFound('Category') },
})

categoriesRoutes.put('/', aboutEdit, requireAdmin, validate(categoryUpdateBody), async (c) => {
  const { id, name, isBanned } = c.req.valid('json')
  const { db } = c.get('deps')
  const category = await db
    .transaction(async (tx) => {
      const [taken] = await tx.select().from(categories).where(categoryNameIs(name))
      if (taken && taken.id !== id) fail(400, DUPLICATE, 'name')
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update')
      if (!before) fail(404, 'Category not found')
      const [row] = await tx
        .update(categories)
        .set({ name, isBanned })
        .where(eq(categories.id, id))
        .returning()
      if (!row) fail(404, 'Category not found')
      const entry = { kind: 'category.update', entity: 'category', entityId: id } as const
      await recordAudit(tx, c.get('account'), { ...entry, before, after: row })
      return row
    })
    .catch(rethrowDuplicate)
  return c.json({ ok: 'Category updated successfully', category })
})

const aboutDelete = describeOperation({
  summary: 'Delete a category without instruments',
  auth: 'admin',
  responses: { 200: idOk, ...notFound('Category') },
})

categoriesRoutes.delete('/', aboutDelete, requireAdmin, validate(idBody), async (c) => {
  const { id } = c.req.valid('json')
  const { db } = c.get('deps')
  const inUse = () => fail(400, 'This category still has instruments')
  await db
    .transaction(async (tx) => {
      const [used] = await tx
        .select({ id: instruments.id })
        .from(instruments)
        .where(eq(instruments.categoryId, id))
        .limit(1)
      if (used) inUse()
      const [before] = await tx.delete(categories).where(eq(categories.id, id)).returning()
      if (!before) fail(404, 'Category not found')
      const entry = { kind: 'category.delete', entity: 'category', entityId: id } as const
      await recordAudit(tx, c.get('account'), { ...entry, before })
    })
    // An instrument added meanwhile makes the foreign key refuse the delete.
    .catch((error) => (isForeignKeyViolation(error) ? inUse() : Promise.reject(error)))
  return c.json({ ok: 'Se ha eliminado una Category', id })
})

/** Two admins creating the same name at once: the unique index answers for the second. */
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) fail(400, DUPLICATE, 'name')
  throw error
}
