import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  type InstrumentCreateBody,
  instrument,
  instrumentCreateBody,
  instrumentDetail,
  instrumentPage as instrumentPageAnswer,
  instrumentPageQuery,
  instrumentUpdateBody,
  searchText,
} from '../../contract/catalog'
import { idBody, idField, MAX_ID } from '../../contract/rules'
import { recordAudit } from '../audit'
import {
  categoryNameIs,
  containsPattern,
  findInstrument,
  instrumentPage,
  selectInstruments,
  toInstrument,
  typedWords,
  visibleToShoppers,
} from '../catalogue'
import type { AppEnv } from '../context'
import type { Transaction } from '../db/client'
import { categories, instruments, reviews } from '../db/schema/catalog'
import { fail } from '../http-error'
import { optionalAccount, requireAdmin } from '../middleware/auth'
import { clientKey, takeAttempts } from '../middleware/rate-limit'
import { parseQuery, validate } from '../middleware/validate'
import { badId, describeOperation, idOk, notFound, okWith } from '../openapi/describe-operation'
import { shopOrigin } from '../shop-origin'
import { announceRestock } from '../stock'

export const instrumentsRoutes = new Hono<AppEnv>()

const listQuery = z.object({ name: searchText.optional() })

const aboutInstrumentList = describeOperation({
  summary:
    'Without page: the whole list (name: a substring of the name, any case), at most 30 a minute from one address. With page: one page of what a shopper may see, sorted and filtered; with name, the search (typos forgiven, at most 200 matches ranked and counted)',
  auth: 'optional',
  query: instrumentPageQuery,
  responses: {
    200: z.union([z.array(instrument), instrumentPageAnswer]),
    429: 'The whole list asked too often from this address: wait the seconds in Retry-After',
  },
})

instrumentsRoutes.get('/', aboutInstrumentList, async (c) => {
  const { db } = c.get('deps')
  const query = c.req.query()
  if (query.page !== undefined) {
    const pageQuery = parseQuery(instrumentPageQuery, query)
    const { pageCache } = c.get('deps')
    return c.json(
      await pageCache.get(JSON.stringify(pageQuery), () => instrumentPage(db, pageQuery)),
    )
  }
  // The whole list: an admin's back office sees every instrument, bans included (docs/product.md §7 reads
  // isBanned and category.isBanned); everyone else only what a shopper may see.
  const { name } = parseQuery(listQuery, query)
  const isAdmin = (await optionalAccount(c))?.rol === 'admin'
  // One shared answer per catalogue version and filter, whatever its case and spacing (on PGlite
  // the whole list costs a second or more at 10,000 rows); an address may ask few a minute.
  const filter = name ? typedWords(name).join(' ').toLowerCase() : ''
  const key = JSON.stringify({ list: true, name: filter, isAdmin })
  await takeAttempts(c, [['catalogue-list-address', clientKey(c)]])
  const list = await c.get('deps').pageCache.get(key, async () => {
    const rows = await selectInstruments(db)
      .where(
        and(
          filter ? ilike(instruments.name, containsPattern(filter)) : undefined,
          isAdmin ? undefined : visibleToShoppers,
        ),
      )
      .orderBy(asc(instruments.id))
    return rows.map(toInstrument)
  })
  return c.json(list)
})

const aboutInstrument = describeOperation({
  summary: 'One instrument with its reviews (Raitings)',
  auth: 'optional',
  responses: { 200: instrumentDetail, 400: badId, ...notFound('Instrument') },
})

instrumentsRoutes.get('/:id', aboutInstrument, async (c) => {
  const parsed = idField.safeParse(c.req.param('id'))
  if (!parsed.success) fail(400, 'id: must be a positive whole number', 'id')
  const id = parsed.data
  const { db } = c.get('deps')
  const isAdmin = (await optionalAccount(c))?.rol === 'admin'
  const instrument = await findInstrument(db, id, isAdmin ? undefined : visibleToShoppers)
  if (!instrument) fail(404, 'Instrument not found')
  const rows = await db
    .select({
      id: reviews.id,
      userName: reviews.userName,
      createdAt: reviews.createdAt,
      star: reviews.star,
      comment: reviews.comment,
    })
    .from(reviews)
    .where(eq(reviews.instrumentId, id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
  const Raitings = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
  return c.json({ ...instrument, Raitings })
})

const aboutAdd = describeOperation({
  summary: 'Create an instrument',
  auth: 'admin',
  responses: { 201: okWith({ instrument: instrument.optional() }) },
})

instrumentsRoutes.post('/', aboutAdd, requireAdmin, validate(instrumentCreateBody), async (c) => {
  const { category, ...fields } = c.req.valid('json')
  const { db } = c.get('deps')
  const admin = c.get('account')
  const id = await db.transaction(async (tx) => {
    const categoryId = await resolveCategory(tx, category)
    const [row] = await tx
      .insert(instruments)
      .values({ ...fields, categoryId, adminId: admin.id })
      .returning()
    if (row) {
      await recordAudit(tx, admin, {
        kind: 'instrument.create',
        entity: 'instrument',
        entityId: row.id,
        after: row,
      })
    }
    return row?.id
  })
  const instrument = id ? await findInstrument(db, id) : undefined
  return c.json({ ok: 'Instrument created successfully', instrument }, 201)
})

const aboutEdit = describeOperation({
  summary: 'Edit an instrument, or ban it',
  auth: 'admin',
  responses: { 200: okWith({ instrument: instrument.optional() }), ...notFound('Instrument') },
})

instrumentsRoutes.put('/', aboutEdit, requireAdmin, validate(instrumentUpdateBody), async (c) => {
  const { id, category, categoryId, ...fields } = c.req.valid('json')
  const { db } = c.get('deps')
  await db.transaction(async (tx) => {
    const changes: Partial<typeof instruments.$inferInsert> = { ...fields }
    const newCategory = category ?? categoryId
    if (newCategory !== undefined) changes.categoryId = await resolveCategory(tx, newCategory)
    if (Object.keys(changes).length === 0) {
      const [row] = await tx
        .select({ id: instruments.id })
        .from(instruments)
        .where(eq(instruments.id, id))
      if (!row) fail(404, 'Instrument not found')
      return
    }
    // Read under the row's lock: a restock from 0 mails the instrument's alerts, once, and the
    // audit trail keeps what the edit replaced.
    const [before] = await tx.select().from(instruments).where(eq(instruments.id, id)).for('update')
    if (!before) fail(404, 'Instrument not found')
    const [after] = await tx
      .update(instruments)
      .set(changes)
      .where(eq(instruments.id, id))
      .returning()
    if (!after) fail(404, 'Instrument not found')
    await recordAudit(tx, c.get('account'), {
      kind: 'instrument.update',
      entity: 'instrument',
      entityId: id,
      before,
      after,
    })
    if (changes.stock !== undefined) {
      const origin = shopOrigin(c.get('deps').env)
      await announceRestock(tx, origin, [{ instrumentId: id, stockBefore: before.stock }])
    }
  })
  return c.json({
    ok: 'Instrument updated successfully',
    instrument: await findInstrument(db, id),
  })
})

const aboutDelete = describeOperation({
  summary: 'Delete an instrument (sales keep their copy of it)',
  auth: 'admin',
  responses: { 200: idOk, ...notFound('Instrument') },
})

instrumentsRoutes.delete('/', aboutDelete, requireAdmin, validate(idBody), async (c) => {
  const { id } = c.req.valid('json')
  const { db } = c.get('deps')
  // Reviews and favourites cascade; sale_items keep their copy with instrument_id set null.
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(instruments).where(eq(instruments.id, id)).returning()
    if (!before) fail(404, 'Instrument not found')
    await recordAudit(tx, c.get('account'), {
      kind: 'instrument.delete',
      entity: 'instrument',
      entityId: id,
      before,
    })
  })
  return c.json({ ok: 'El instrumento ha sido eliminado', id })
})

/** The admin form picks a category by id or by name (a select may send the id as text). */
async function resolveCategory(
  tx: Transaction,
  category: NonNullable<InstrumentCreateBody['category']>,
): Promise<number> {
  const byName = typeof category === 'string' ? categoryNameIs(category) : undefined
  const asId =
    typeof category === 'number' ? category : /^\d+$/.test(category) ? Number(category) : 0
  const byId = asId > 0 && asId <= MAX_ID ? eq(categories.id, asId) : undefined
  // Neither a name nor a possible id: no condition at all would pick the first category.
  if (!byName && !byId) fail(400, 'category: no such category', 'category')
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(byName && byId ? sql`${byName} OR ${byId}` : (byName ?? byId))
    .orderBy(byName ? sql`${byName} DESC` : asc(categories.id))
    .limit(1)
  if (!found) fail(400, 'category: no such category', 'category')
  return found.id
}
