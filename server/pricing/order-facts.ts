import { sql } from 'drizzle-orm'
import { visibleToShoppers } from '../catalogue'
import type { Database } from '../db/client'
import { idArray } from '../db/id-array'
import { resultRows } from '../db/result-rows'
import { categories, instruments } from '../db/schema/catalog'
import { serverSettings } from '../db/schema/cluster'
import {
  discountCodeCategories,
  discountCodes,
  discountCodeUses,
  shippingMethods,
  shippingZoneCountries,
  shippingZones,
  taxRates,
} from '../db/schema/pricing'
import { codeIs } from './codes'
import { PRICES_INCLUDE_TAX } from './tax'

export interface ZoneMethod {
  id: number
  name: string
  priceCents: number
  freeOverCents: number | null
  days: number | null
}

export type Zone = 'anywhere' | 'unserved' | { id: number; methods: ZoneMethod[] }

export interface CartRow {
  id: number
  name: string
  brand: string
  img: string
  priceCents: number
  stock: number
  categoryId: number
  surchargeCents: number
}

export interface CodeRow {
  id: number
  code: string
  kind: 'percent' | 'amount'
  value: number
  minSubtotalCents: number | null
  startsAt: Date | null
  endsAt: Date | null
  maxUses: number | null
  maxUsesPerShopper: number | null
  active: boolean
  categoryIds: number[]
  /** Held and kept uses, all and the shopper's; counted only for a code with a limit. */
  uses: { all: number; yours: number } | null
}

export interface OrderFacts {
  /** The cart's instruments that shoppers may buy, by id. */
  cart: CartRow[]
  pricesIncludeTax: boolean
  /** In hundredths of a percent; 0 where the shop set none. */
  rateHundredths: number
  zone: Zone
  /** The code asked for, whatever its state; null when the shop has no such code. */
  code: CodeRow | null
}

interface FactsRow {
  prices_include_tax: boolean
  rate_hundredths: number
  any_zone: boolean
  zone_id: number | null
  methods: ZoneMethod[]
  cart: CartRow[]
  code: (Omit<CodeRow, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string }) | null
}

/**
 * Everything an order's price depends on, in one statement: the cart's instruments, whether
 * prices include tax, the country's rate, its zone and the zone's methods, and the code with its
 * categories and uses. The checkout asks for a quote at every change, and on the embedded
 * database each statement is a trip to its thread and a plan of its own
 * (docs/decisions/2026-11-24-card-payments.md).
 *
 * The zone is the active one naming the country, else the active one covering every other
 * country; with no active zone at all the shop ships anywhere for nothing, as before it set any.
 */
export async function readOrderFacts(
  db: Database,
  request: { ids: number[]; country: string; code: string | undefined; accountId: number },
): Promise<OrderFacts> {
  const country = request.country.toLowerCase()
  // A zone naming the country sorts before the one covering the rest: a country is named by one
  // zone at most (shipping_zone_countries_country_key). Scalar subqueries, not joins: the embedded
  // database plans a join of these tables for longer than it takes to answer it.
  const d = discountCodes
  const named = sql`EXISTS (SELECT 1 FROM ${shippingZoneCountries} c
    WHERE c.zone_id = z.id AND lower(c.country) = ${country})`
  // The terms are named twice below; MATERIALIZED plans and runs them once.
  const result = await db.execute(sql`
    WITH terms AS MATERIALIZED (
      SELECT
        coalesce((SELECT value FROM ${serverSettings} WHERE name = ${PRICES_INCLUDE_TAX}), '')
          <> 'false' AS prices_include_tax,
        coalesce((SELECT rate_hundredths FROM ${taxRates} WHERE lower(country) = ${country}), 0)
          AS rate_hundredths,
        EXISTS (SELECT 1 FROM ${shippingZones} WHERE active) AS any_zone,
        (SELECT z.id FROM ${shippingZones} z WHERE z.active AND (z.covers_rest OR ${named})
          ORDER BY z.covers_rest, z.id LIMIT 1) AS zone_id
    )
    SELECT terms.*,
      (SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', m.name,
          'priceCents', m.price_cents, 'freeOverCents', m.free_over_cents, 'days', m.days)
          ORDER BY m.id), '[]')
        FROM ${shippingMethods} m WHERE m.zone_id = terms.zone_id) AS methods,
      (SELECT coalesce(json_agg(json_build_object('id', ${instruments.id},
          'name', ${instruments.name}, 'brand', ${instruments.brand}, 'img', ${instruments.img},
          'priceCents', round(${instruments.price} * 100), 'stock', ${instruments.stock},
          'categoryId', ${instruments.categoryId},
          'surchargeCents', ${instruments.shippingSurchargeCents})), '[]')
        FROM ${instruments} JOIN ${categories} ON ${categories.id} = ${instruments.categoryId}
        WHERE ${instruments.id} = ANY(${idArray(request.ids)}) AND ${visibleToShoppers})
        AS cart,
      (SELECT json_build_object('id', ${d.id}, 'code', ${d.code}, 'kind', ${d.kind},
          'value', ${d.value}, 'minSubtotalCents', ${d.minSubtotalCents},
          'startsAt', ${d.startsAt}, 'endsAt', ${d.endsAt}, 'maxUses', ${d.maxUses},
          'maxUsesPerShopper', ${d.maxUsesPerShopper}, 'active', ${d.active},
          'categoryIds', array(SELECT category_id FROM ${discountCodeCategories} dc
            WHERE dc.code_id = ${d.id} ORDER BY category_id),
          -- An unlimited code's uses are never read: a popular one may have thousands.
          'uses', CASE WHEN ${d.maxUses} IS NOT NULL OR ${d.maxUsesPerShopper} IS NOT NULL THEN
            (SELECT json_build_object('all', count(*),
                'yours', count(*) FILTER (WHERE u.account_id = ${request.accountId}))
              FROM ${discountCodeUses} u WHERE u.code_id = ${d.id}) END)
        FROM ${d} WHERE ${request.code ? codeIs(request.code) : sql`false`})
        AS code
    FROM terms`)
  const [row] = resultRows<FactsRow>(result)
  if (!row) throw new Error('readOrderFacts: the terms row is always there')
  const zone: Zone = !row.any_zone
    ? 'anywhere'
    : row.zone_id === null || row.methods.length === 0
      ? 'unserved'
      : { id: row.zone_id, methods: row.methods }
  const code = row.code && {
    ...row.code,
    startsAt: row.code.startsAt ? new Date(row.code.startsAt) : null,
    endsAt: row.code.endsAt ? new Date(row.code.endsAt) : null,
  }
  return {
    cart: row.cart,
    pricesIncludeTax: row.prices_include_tax,
    rateHundredths: Number(row.rate_hundredths),
    zone,
    code,
  }
}

/**
 * A reservation's locks, taken before its facts are read: the cart's instruments in id order (every
 * reservation takes them in the same order), then the code's row, so payments made at once count
 * each other's uses. The facts come after, in a statement of their own: on PostgreSQL a statement
 * sees what was committed when it began, so uses counted in the statement that waited for the
 * lock would miss the use of the payment it waited for.
 */
export async function lockOrder(
  tx: Database,
  lock: { ids?: number[] | undefined; code?: string | undefined },
) {
  if (lock.ids?.length) {
    await tx.execute(sql`SELECT ${instruments.id} FROM ${instruments}
      WHERE ${instruments.id} = ANY(${idArray(lock.ids)})
      ORDER BY ${instruments.id} FOR UPDATE`)
  }
  if (lock.code) {
    await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(codeIs(lock.code))
      .for('update')
  }
}
