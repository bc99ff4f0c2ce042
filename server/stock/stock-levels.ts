import { eq, type SQL, sql } from 'drizzle-orm'
import type { StockFilter } from '../../contract/back-office'
import type { Database } from '../db/client'
import { instruments } from '../db/schema/catalog'
import { serverSettings } from '../db/schema/cluster'

// The shop's default low-stock threshold lives in the database (server_settings), not in an
// environment variable: an admin changes it from the back office, and every process sharing the
// database reads the new value at once, with no restart.
const SETTING = 'low-stock-threshold'
export const DEFAULT_LOW_STOCK = 5

// Read on every page of the Instruments tab: a primary-key read, no write until an admin sets it.
export async function defaultThreshold(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, SETTING))
  const value = Number(row?.value ?? DEFAULT_LOW_STOCK)
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK
}

export async function setDefaultThreshold(db: Database, threshold: number) {
  await db
    .insert(serverSettings)
    .values({ name: SETTING, value: String(threshold) })
    .onConflictDoUpdate({ target: serverSettings.name, set: { value: String(threshold) } })
}

/** The threshold in force for a row: its own, or the shop's default. */
export const thresholdOf = (shopDefault: number) =>
  sql<number>`coalesce(${instruments.lowStockThreshold}, ${shopDefault}::int)`

// Out of stock: none left. Low: some left, at or below the threshold in force.
export function stockLevelIs(filter: StockFilter, shopDefault: number): SQL {
  const out = eq(instruments.stock, 0)
  const low = sql`(${instruments.stock} > 0 AND ${instruments.stock} <= ${thresholdOf(shopDefault)})`
  if (filter === 'out') return out
  if (filter === 'low') return low
  return sql`${instruments.stock} <= ${thresholdOf(shopDefault)}`
}

export function stockLevel(stock: number, threshold: number) {
  if (stock === 0) return 'out' as const
  return stock <= threshold ? ('low' as const) : ('ok' as const)
}
