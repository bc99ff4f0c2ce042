import { asc, eq, sql } from 'drizzle-orm'
import type { TaxSettings } from '../../contract/pricing'
import type { Database } from '../db/client'
import { serverSettings } from '../db/schema/cluster'
import { taxRates } from '../db/schema/pricing'
import { invalid } from './refusal'

// Whether catalogue prices include tax is a shop setting every process reads from the database
// (server_settings), as the low-stock threshold is. Default: included, as in Europe.
export const PRICES_INCLUDE_TAX = 'prices-include-tax'

export async function pricesIncludeTax(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, PRICES_INCLUDE_TAX))
  return row?.value !== 'false'
}

export async function taxSettingsOf(db: Database): Promise<TaxSettings> {
  const rates = await db
    .select()
    .from(taxRates)
    .orderBy(asc(sql`lower(${taxRates.country})`))
  return {
    pricesIncludeTax: await pricesIncludeTax(db),
    rates: rates.map((row) => ({ country: row.country, rate: row.rateHundredths / 100 })),
  }
}

/** Replaces the setting and every rate. */
export async function saveTaxSettings(tx: Database, settings: TaxSettings) {
  const seen = new Set<string>()
  settings.rates.forEach((rate, i) => {
    const key = rate.country.toLowerCase()
    if (seen.has(key)) invalid(`rates.${i}.country`, `${rate.country} is listed twice`)
    seen.add(key)
  })
  const value = String(settings.pricesIncludeTax)
  await tx
    .insert(serverSettings)
    .values({ name: PRICES_INCLUDE_TAX, value })
    .onConflictDoUpdate({ target: serverSettings.name, set: { value } })
  await tx.delete(taxRates)
  if (settings.rates.length > 0) {
    await tx.insert(taxRates).values(
      settings.rates.map((rate) => ({
        country: rate.country,
        rateHundredths: Math.round(rate.rate * 100),
      })),
    )
  }
}
