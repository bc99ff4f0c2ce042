import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { resultRows } from '../db/result-rows'
import { serverSettings } from '../db/schema/cluster'
import {
  shippingMethods,
  shippingZoneCountries,
  shippingZones,
  taxRates,
} from '../db/schema/pricing'
import { PRICES_INCLUDE_TAX } from './tax'

export interface ZoneMethod {
  id: number
  name: string
  priceCents: number
  freeOverCents: number | null
  days: number | null
}

export type Zone = 'anywhere' | 'unserved' | { id: number; methods: ZoneMethod[] }

export interface CountryTerms {
  pricesIncludeTax: boolean
  /** In hundredths of a percent; 0 where the shop set none. */
  rateHundredths: number
  zone: Zone
}

interface TermsRow {
  prices_include_tax: boolean
  rate_hundredths: number
  any_zone: boolean
  zone_id: number | null
  method_id: number | null
  name: string | null
  price_cents: number | null
  free_over_cents: number | null
  days: number | null
}

/**
 * What an order sent to the country pays beyond its instruments: whether prices include tax, the
 * country's rate, and its zone with the zone's methods, one row per method. The zone is the active
 * one naming the country, else the active one covering every other country; with no active zone
 * at all the shop ships anywhere for nothing, as before it set any. One statement, not four: the
 * checkout asks for a quote at every change, and on the embedded database each statement is a
 * trip to its thread.
 */
export async function countryTerms(db: Database, country: string): Promise<CountryTerms> {
  const lower = country.toLowerCase()
  // A zone naming the country sorts before the one covering the rest: a country is named by one
  // zone at most (shipping_zone_countries_country_key). Scalar subqueries, not joins: the embedded
  // database plans a join of these tables for longer than it takes to answer it.
  const named = sql`EXISTS (SELECT 1 FROM ${shippingZoneCountries} c
    WHERE c.zone_id = z.id AND lower(c.country) = ${lower})`
  const result = await db.execute(sql`
    WITH terms AS (
      SELECT
        coalesce((SELECT value FROM ${serverSettings} WHERE name = ${PRICES_INCLUDE_TAX}), '')
          <> 'false' AS prices_include_tax,
        coalesce((SELECT rate_hundredths FROM ${taxRates} WHERE lower(country) = ${lower}), 0)
          AS rate_hundredths,
        EXISTS (SELECT 1 FROM ${shippingZones} WHERE active) AS any_zone,
        (SELECT z.id FROM ${shippingZones} z WHERE z.active AND (z.covers_rest OR ${named})
          ORDER BY z.covers_rest, z.id LIMIT 1) AS zone_id
    )
    SELECT terms.*, m.id AS method_id, m.name, m.price_cents, m.free_over_cents, m.days
    FROM terms LEFT JOIN ${shippingMethods} m ON m.zone_id = terms.zone_id
    ORDER BY m.id`)
  const rows = resultRows<TermsRow>(result)
  const [first] = rows
  if (!first) throw new Error('countryTerms: the terms row is always there')
  const methods = rows.flatMap((row) =>
    row.method_id === null
      ? []
      : [
          {
            id: row.method_id,
            name: row.name ?? '',
            priceCents: Number(row.price_cents),
            freeOverCents: row.free_over_cents,
            days: row.days,
          },
        ],
  )
  const zone: Zone = !first.any_zone
    ? 'anywhere'
    : first.zone_id === null || methods.length === 0
      ? 'unserved'
      : { id: first.zone_id, methods }
  return {
    pricesIncludeTax: first.prices_include_tax,
    rateHundredths: Number(first.rate_hundredths),
    zone,
  }
}
