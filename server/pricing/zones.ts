import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { fromCents, toCents } from '../../contract/money'
import type { ShippingZone, shippingZoneBody } from '../../contract/pricing'
import type { Database } from '../db/client'
import { shippingMethods, shippingZoneCountries, shippingZones } from '../db/schema/pricing'
import { invalid, notFound } from './refusal'

type ZoneBody = z.output<typeof shippingZoneBody>
type ZoneRow = typeof shippingZones.$inferSelect
type MethodRow = typeof shippingMethods.$inferSelect

const ZONE_NOT_FOUND = 'Shipping zone not found'

function toZone(zone: ZoneRow, countries: string[], methods: MethodRow[]): ShippingZone {
  return {
    id: zone.id,
    name: zone.name,
    countries,
    coversRest: zone.coversRest,
    active: zone.active,
    methods: methods.map(toMethod),
  }
}

export const toMethod = (method: MethodRow) => ({
  id: method.id,
  name: method.name,
  price: fromCents(method.priceCents),
  freeOver: method.freeOverCents === null ? null : fromCents(method.freeOverCents),
  days: method.days,
})

/** Every zone with its countries and methods, by name; or the one zone `id`. */
export async function listZones(db: Database, id?: number): Promise<ShippingZone[]> {
  const where = id === undefined ? undefined : eq(shippingZones.id, id)
  const zones = await db
    .select()
    .from(shippingZones)
    .where(where)
    .orderBy(asc(sql`lower(${shippingZones.name})`))
  if (zones.length === 0) return []
  const ids = zones.map((zone) => zone.id)
  const countries = await db
    .select()
    .from(shippingZoneCountries)
    .where(inArray(shippingZoneCountries.zoneId, ids))
    .orderBy(asc(sql`lower(${shippingZoneCountries.country})`))
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(inArray(shippingMethods.zoneId, ids))
    .orderBy(asc(shippingMethods.priceCents), asc(shippingMethods.id))
  return zones.map((zone) =>
    toZone(
      zone,
      countries.filter((c) => c.zoneId === zone.id).map((c) => c.country),
      methods.filter((m) => m.zoneId === zone.id),
    ),
  )
}

export async function createZone(tx: Database, body: ZoneBody): Promise<ShippingZone> {
  await checkZone(tx, body, null)
  const [zone] = await tx
    .insert(shippingZones)
    .values({ name: body.name, coversRest: body.coversRest, active: body.active })
    .returning()
  if (!zone) throw new Error('zone not inserted')
  await writeCountries(tx, zone.id, body.countries)
  await writeMethods(tx, zone.id, body.methods, [])
  return (await listZones(tx, zone.id))[0] as ShippingZone
}

export async function updateZone(
  tx: Database,
  id: number,
  body: ZoneBody,
): Promise<{ before: ShippingZone; after: ShippingZone }> {
  await tx
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(eq(shippingZones.id, id))
    .for('update')
  const [before] = await listZones(tx, id)
  if (!before) return notFound(ZONE_NOT_FOUND)
  await checkZone(tx, body, id)
  const existing = await tx.select().from(shippingMethods).where(eq(shippingMethods.zoneId, id))
  await tx
    .update(shippingZones)
    .set({ name: body.name, coversRest: body.coversRest, active: body.active })
    .where(eq(shippingZones.id, id))
  await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, id))
  await writeCountries(tx, id, body.countries)
  await writeMethods(tx, id, body.methods, existing)
  return { before, after: (await listZones(tx, id))[0] as ShippingZone }
}

export async function deleteZone(tx: Database, id: number): Promise<ShippingZone> {
  const [zone] = await listZones(tx, id)
  if (!zone) return notFound(ZONE_NOT_FOUND)
  await tx.delete(shippingZones).where(eq(shippingZones.id, id))
  return zone
}

// Named refusals for what the unique indexes would refuse anyway: the admin learns which country
// or name is taken, and by which zone.
async function checkZone(tx: Database, body: ZoneBody, id: number | null) {
  const others = id === null ? undefined : ne(shippingZones.id, id)
  const [sameName] = await tx
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(and(eq(sql`lower(${shippingZones.name})`, body.name.toLowerCase()), others))
  if (sameName) invalid('name', 'a shipping zone with this name already exists')
  if (body.coversRest) {
    const [rest] = await tx
      .select({ name: shippingZones.name })
      .from(shippingZones)
      .where(and(eq(shippingZones.coversRest, true), others))
    if (rest) invalid('coversRest', `${rest.name} already covers every other country`)
  }
  const seen = new Set<string>()
  body.countries.forEach((country, i) => {
    if (seen.has(country.toLowerCase())) invalid(`countries.${i}`, `${country} is listed twice`)
    seen.add(country.toLowerCase())
  })
  if (seen.size > 0) {
    const [taken] = await tx
      .select({ country: shippingZoneCountries.country, zone: shippingZones.name })
      .from(shippingZoneCountries)
      .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
      .where(and(inArray(sql`lower(${shippingZoneCountries.country})`, [...seen]), others))
      .limit(1)
    if (taken) invalid('countries', `${taken.country} is already in ${taken.zone}`)
  }
}

async function writeCountries(tx: Database, zoneId: number, countries: string[]) {
  if (countries.length === 0) return
  await tx.insert(shippingZoneCountries).values(countries.map((country) => ({ zoneId, country })))
}

// A method keeps its id across edits (a quote may name it); one left out of the body is deleted.
async function writeMethods(
  tx: Database,
  zoneId: number,
  methods: ZoneBody['methods'],
  existing: MethodRow[],
) {
  const values = (method: ZoneBody['methods'][number]) => ({
    zoneId,
    name: method.name,
    priceCents: toCents(method.price),
    freeOverCents: method.freeOver == null ? null : toCents(method.freeOver),
    days: method.days ?? null,
  })
  const kept = new Set<number>()
  for (const [i, method] of methods.entries()) {
    if (method.id === undefined) {
      await tx.insert(shippingMethods).values(values(method))
      continue
    }
    if (!existing.some((row) => row.id === method.id) || kept.has(method.id)) {
      invalid(`methods.${i}.id`, 'no such method in this zone')
    }
    kept.add(method.id)
    await tx.update(shippingMethods).set(values(method)).where(eq(shippingMethods.id, method.id))
  }
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id)
  if (gone.length > 0) await tx.delete(shippingMethods).where(inArray(shippingMethods.id, gone))
}
