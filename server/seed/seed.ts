import { randomBytes } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import {
  buyerAccount,
  seedBuyers,
  seedCategories,
  seedInstruments,
  seedSales,
} from '../../contract/demo-catalogue'
import { fromCents, linesCents } from '../../contract/money'
import { hashPassword } from '../accounts'
import type { Database, Transaction } from '../db/client'
import { accounts } from '../db/schema/accounts'
import { categories, instruments, reviews } from '../db/schema/catalog'
import { discountCodes } from '../db/schema/pricing'
import { saleItems, sales } from '../db/schema/sales'
import { recordGeneratedPassword } from './generated-passwords'

// The admin account of docs/architecture.md: `admin` with ADMIN_PASSWORD, or a random password
// written to the generated-passwords file (generated-passwords.ts). Only on a database without
// any admin.
export async function ensureAdmin(
  db: Database,
  adminPassword: string | undefined,
  dataDir = 'memory://',
) {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.kind, 'admin'))
    .limit(1)
  if (existing) return
  const password = adminPassword ?? randomBytes(12).toString('base64url')
  await db.insert(accounts).values({
    kind: 'admin',
    rol: 'admin',
    userName: 'admin',
    email: 'admin@instrument-shop.local',
    firstName: 'Shop',
    lastName: 'Admin',
    passwordHash: await hashPassword(password),
  })
  if (!adminPassword) {
    const file = recordGeneratedPassword(dataDir, 'admin', password)
    console.log(`Created the admin account "admin"; its password is in ${file} (yours only)`)
  }
}

export interface SeedOptions {
  adminPassword?: string | undefined
  demoPassword?: string | undefined
  /** The demo shoppers with their orders and reviews; a real shop on PostgreSQL opens without them. */
  demoShoppers?: boolean
  /** Where a generated password is written (DATA_DIR; memory:// a temporary folder). */
  dataDir?: string
}

// Demo buyers get DEMO_PASSWORD or a random one written to the generated-passwords file: a shop
// seeded on its first start must not open with accounts whose password everyone can read.
export async function seedIfEmpty(db: Database, opts: SeedOptions) {
  const { demoShoppers = true, dataDir = 'memory://' } = opts
  await ensureAdmin(db, opts.adminPassword, dataDir)
  const [any] = await db.select({ id: instruments.id }).from(instruments).limit(1)
  if (any) return
  if (!demoShoppers) {
    await db.transaction(async (tx) => insertInstruments(tx, await insertCategories(tx)))
    return
  }
  const demoPassword = opts.demoPassword ?? randomBytes(12).toString('base64url')
  // Hashing is slow, so it happens before the transaction opens.
  const passwordHash = await hashPassword(demoPassword)
  await db.transaction(async (tx) => {
    const bySlug = await insertInstruments(tx, await insertCategories(tx))
    const buyerIds = await insertBuyers(tx, passwordHash)
    await insertSales(tx, bySlug, buyerIds)
    await insertDemoCode(tx)
  })
  const names = seedBuyers.map((b) => b.userName).join(', ')
  if (opts.demoPassword) console.log(`Created the demo shoppers ${names}`)
  else {
    const file = recordGeneratedPassword(dataDir, names, demoPassword)
    console.log(`Created the demo shoppers ${names}; their password is in ${file} (yours only)`)
  }
}

/** The demo's discount code: it changes no total until a shopper types it (no zone, no tax set). */
const DEMO_CODE = 'DEMO10'

async function insertDemoCode(tx: Transaction) {
  await tx
    .insert(discountCodes)
    .values({ code: DEMO_CODE, kind: 'percent', value: 1_000, maxUsesPerShopper: 1 })
    .onConflictDoNothing()
}

async function insertInstruments(tx: Transaction, categoryIds: Map<string, number>) {
  const rows = await tx
    .insert(instruments)
    .values(
      seedInstruments.map(({ slug, category, ...fields }) => ({
        ...fields,
        img: imagePath(slug),
        categoryId: categoryIds.get(category) as number,
      })),
    )
    .returning()
  return new Map(rows.map((row, n) => [seedInstruments[n]?.slug as string, row]))
}

const imagePath = (slug: string) => `/images/instruments/${slug}.svg`

async function insertCategories(tx: Transaction) {
  await tx.insert(categories).values(seedCategories).onConflictDoNothing()
  const rows = await tx.select().from(categories)
  return new Map(rows.map((row) => [row.name, row.id]))
}

async function insertBuyers(tx: Transaction, passwordHash: string) {
  const values = seedBuyers.map((b) => ({
    ...buyerAccount(b),
    kind: 'user' as const,
    rol: 'user' as const,
    passwordHash,
  }))
  // Someone may already have signed up with one of these names: keep theirs.
  await tx.insert(accounts).values(values).onConflictDoNothing()
  const rows = await tx
    .select({ id: accounts.id, userName: accounts.userName })
    .from(accounts)
    .where(
      inArray(
        accounts.userName,
        seedBuyers.map((b) => b.userName),
      ),
    )
  return new Map(rows.map((row) => [row.userName, row.id]))
}

type SeededInstrument = typeof instruments.$inferSelect

async function insertSales(
  tx: Transaction,
  bySlug: Map<string, SeededInstrument>,
  buyerIds: Map<string, number>,
) {
  const DAY = 24 * 60 * 60 * 1000
  for (const [n, sale] of seedSales.entries()) {
    const buyer = seedBuyers.find((b) => b.userName === sale.buyer)
    const userId = buyerIds.get(sale.buyer)
    if (!buyer || userId === undefined) continue
    const createdAt = new Date(Date.now() - sale.daysAgo * DAY)
    const lines = sale.items.map((item) => ({
      item,
      instrument: bySlug.get(item.slug) as SeededInstrument,
    }))
    // A shop that configured no pricing: the lines are the whole price.
    const subtotalCents = linesCents(
      lines.map(({ item, instrument }) => ({ price: instrument.price, count: item.count })),
    )
    const cost = fromCents(subtotalCents)
    const [row] = await tx
      .insert(sales)
      .values({
        status: 'succeeded',
        cost,
        subtotalCents,
        userId,
        paymentId: `pi_demo_${String(n + 1).padStart(4, '0')}`,
        cusName: `${buyer.firstName} ${buyer.lastName}`,
        cusEmail: buyer.email,
        cusPhone: buyer.contactNumber,
        cusAddress: buyer.buyerAddress,
        cusCity: buyer.city,
        cusCountry: buyer.country,
        cusZip: buyer.zip,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: sales.id })
    for (const { item, instrument } of lines) {
      const [line] = await tx
        .insert(saleItems)
        .values({
          saleId: row?.id as number,
          instrumentId: instrument.id,
          name: instrument.name,
          brand: instrument.brand,
          img: instrument.img,
          price: instrument.price,
          count: item.count,
        })
        .returning({ id: saleItems.id })
      if (!item.review) continue
      await tx.insert(reviews).values({
        instrumentId: instrument.id,
        userId,
        userName: buyer.userName,
        saleItemId: line?.id as number,
        ...item.review,
        createdAt: new Date(createdAt.getTime() + 3 * DAY),
      })
    }
  }
  await tx.execute(sql`
    UPDATE ${instruments} SET
      raiting = r.avg, raiting_count = r.n
    FROM (SELECT instrument_id, avg(star)::real AS avg, count(*)::int AS n
          FROM ${reviews} GROUP BY instrument_id) r
    WHERE ${instruments.id} = r.instrument_id`)
}

// About one in twenty is banned so the visibility filter has work to do.
export async function seedBulkInstruments(db: Database, count: number, batchSize = 1000) {
  let categoryRows = await db.select().from(categories)
  if (categoryRows.length === 0) {
    await db.transaction((tx) => insertCategories(tx))
    categoryRows = await db.select().from(categories)
  }
  const visible = categoryRows.filter((c) => !c.isBanned)
  const pool = visible.length > 0 ? visible : categoryRows
  for (let start = 0; start < count; start += batchSize) {
    const values = Array.from({ length: Math.min(batchSize, count - start) }, (_, k) => {
      const n = start + k
      const model = seedInstruments[n % seedInstruments.length] as (typeof seedInstruments)[number]
      return {
        name: `${model.name} #${n + 1}`,
        brand: model.brand,
        price: Math.round((20 + ((n * 7919) % 500_000) / 100) * 100) / 100,
        img: imagePath(model.slug),
        description: model.description,
        stock: n % 13,
        status: n % 3 === 0 ? ('Used' as const) : ('New' as const),
        categoryId: (pool[n % pool.length] as (typeof pool)[number]).id,
        isBanned: n % 20 === 19,
      }
    })
    await db.insert(instruments).values(values)
  }
}
