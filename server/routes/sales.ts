import { desc, eq, isNotNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Sale } from '../../contract/sales'
import { sale } from '../../contract/sales'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { reviews } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { requireAdmin, requireAuth } from '../middleware/auth'
import { describeOperation } from '../openapi/describe-operation'
import { toSale } from '../orders'

const aboutSales = describeOperation({
  summary: 'Every sale',
  auth: 'admin',
  responses: { 200: z.array(sale) },
})

const aboutOwnPurchases = describeOperation({
  summary: "The signed-in shopper's purchases",
  auth: 'user',
  responses: { 200: z.array(sale) },
})

export const salesRoutes = new Hono<AppEnv>()
  .get('/', aboutSales, requireAdmin, async (c) => c.json(await listSales(c.get('deps').db)))
  .get('/user', aboutOwnPurchases, requireAuth, async (c) =>
    c.json(await listSales(c.get('deps').db, c.get('account').id)),
  )

/** Every sale, or one account's (its order history and its data export). */
export async function listSales(db: Database, userId?: number): Promise<Sale[]> {
  const owned = userId === undefined ? undefined : eq(sales.userId, userId)
  const rows = await db
    .select()
    .from(sales)
    .where(owned)
    .orderBy(desc(sales.createdAt), desc(sales.id))
  if (rows.length === 0) return []
  const lines = await db
    .select({ item: saleItems, rated: isNotNull(reviews.id) })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .leftJoin(reviews, eq(reviews.saleItemId, saleItems.id))
    .where(owned)
    .orderBy(saleItems.id)
  const bySale = new Map<number, typeof lines>()
  for (const line of lines) {
    const list = bySale.get(line.item.saleId) ?? []
    list.push(line)
    bySale.set(line.item.saleId, list)
  }
  return rows.map((row) => {
    const own = bySale.get(row.id) ?? []
    const rated = new Set(own.filter((l) => l.rated).map((l) => l.item.id))
    return toSale(
      row,
      own.map((l) => l.item),
      userId === undefined ? undefined : (item) => rated.has(item.id),
    )
  })
}
