import { type AnyColumn, and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  ADMIN_PAGE_SIZE,
  type AdminInstrumentPage,
  type AdminSalePage,
  type AdminUserPage,
  type adminInstrumentQuery,
  type adminSaleQuery,
  type adminUserQuery,
} from '../../contract/back-office'
import { publicAccount } from '../accounts'
import { containsPattern } from '../catalogue'
import type { Database } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { categories, instruments } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { toSale } from '../orders'
import { defaultThreshold, stockLevel, stockLevelIs, thresholdOf } from '../stock'
import { headlineIs } from './sale-states'

// docs/product.md §4: a case-insensitive substring. Written as lower(col) LIKE lower(…) so the
// planner can use migration 0012's trigram index on lower(col).
const contains = (column: AnyColumn, text: string) =>
  sql`lower(${column}) LIKE lower(${containsPattern(text)})`

const direction = (dir: 'asc' | 'desc') => (dir === 'asc' ? asc : desc)

function paged<Row>(items: Row[], total: number, all: number, page: number) {
  const shown = Math.min(total, COUNT_CAP)
  return {
    items,
    total: shown,
    totalCapped: total > COUNT_CAP,
    all: Math.min(all, COUNT_CAP),
    page,
    pages: Math.ceil(shown / ADMIN_PAGE_SIZE),
    pageSize: ADMIN_PAGE_SIZE,
  }
}

// Counting stops past COUNT_CAP rows: an exact count of 100,000 rows costs more than the page it
// goes with, and nobody pages to page 40 to find a row a search would. Beyond it the answer says
// `totalCapped` ("1,000+ rows") and Next stays on while pages are full.
export const COUNT_CAP = 1_000

async function counted(
  db: Database,
  table: typeof instruments | typeof accounts | typeof sales,
  where?: SQL,
) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped')
  const [row] = await db.select({ n: count() }).from(capped)
  return row?.n ?? 0
}

export async function adminInstrumentPage(
  db: Database,
  query: z.output<typeof adminInstrumentQuery>,
): Promise<AdminInstrumentPage> {
  const shopDefault = await defaultThreshold(db)
  const where = and(
    query.q ? contains(instruments.name, query.q) : undefined,
    query.stock ? stockLevelIs(query.stock, shopDefault) : undefined,
  )
  const sortColumn = {
    id: instruments.id,
    img: instruments.img,
    name: sql`lower(${instruments.name})`,
    stock: instruments.stock,
    isBanned: instruments.isBanned,
  }[query.sort]
  const order = direction(query.dir)
  const [rows, total, all] = await Promise.all([
    db
      .select({
        id: instruments.id,
        name: instruments.name,
        brand: instruments.brand,
        price: instruments.price,
        img: instruments.img,
        stock: instruments.stock,
        status: instruments.status,
        categoryId: instruments.categoryId,
        isBanned: instruments.isBanned,
        raiting: instruments.raiting,
        raitingCount: instruments.raitingCount,
        adminId: instruments.adminId,
        lowStockThreshold: instruments.lowStockThreshold,
        threshold: thresholdOf(shopDefault),
        category: { id: categories.id, name: categories.name, isBanned: categories.isBanned },
      })
      .from(instruments)
      .innerJoin(categories, eq(categories.id, instruments.categoryId))
      .where(where)
      .orderBy(order(sortColumn), order(instruments.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    counted(db, instruments, where),
    where ? counted(db, instruments) : undefined,
  ])
  const items = rows.map((row) => ({
    ...row,
    categoryName: row.category.name,
    stockLevel: stockLevel(row.stock, row.threshold),
  }))
  return paged(items, total, all ?? total, query.page)
}

const fullName = sql`lower(coalesce(${accounts.firstName}, '') || ' ' || coalesce(${accounts.lastName}, ''))`

export async function adminUserPage(
  db: Database,
  query: z.output<typeof adminUserQuery>,
): Promise<AdminUserPage> {
  const shoppers = eq(accounts.kind, 'user')
  const where = and(shoppers, query.q ? contains(accounts.userName, query.q) : undefined)
  const sortColumn = {
    id: accounts.id,
    fullName,
    userName: sql`lower(${accounts.userName})`,
    email: sql`lower(${accounts.email})`,
    rol: accounts.rol,
  }[query.sort]
  const order = direction(query.dir)
  const [rows, total, all] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(order(sortColumn), order(accounts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    counted(db, accounts, where),
    query.q ? counted(db, accounts, shoppers) : undefined,
  ])
  return paged(rows.map(publicAccount), total, all ?? total, query.page)
}

export async function adminSalePage(
  db: Database,
  query: z.output<typeof adminSaleQuery>,
): Promise<AdminSalePage> {
  // Historyshops searches by the name of an item the sale holds (docs/product.md §4).
  const byItem = query.q
    ? sql`EXISTS (SELECT 1 FROM ${saleItems} WHERE ${saleItems.saleId} = ${sales.id} AND ${contains(saleItems.name, query.q)})`
    : undefined
  const where = and(byItem, query.status ? headlineIs(query.status) : undefined)
  const order = direction(query.dir)
  const sortColumns: SQL[] = {
    createdAt: [sql`${sales.createdAt}`],
    id: [sql`${sales.id}`],
    status: [sql`${sales.status}`, sql`${sales.fulfilment}`],
    cost: [sql`${sales.cost}`],
    cus_name: [sql`lower(${sales.cusName})`],
    cus_country: [sql`lower(${sales.cusCountry})`],
  }[query.sort]
  const [rows, total, all] = await Promise.all([
    db
      .select()
      .from(sales)
      .where(where)
      .orderBy(...sortColumns.map((c) => order(c)), order(sales.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    counted(db, sales, where),
    where ? counted(db, sales) : undefined,
  ])
  const items = rows.map((row) => {
    const { instrument: _lines, ...rest } = toSale(row, [])
    return rest
  })
  return paged(items, total, all ?? total, query.page)
}
