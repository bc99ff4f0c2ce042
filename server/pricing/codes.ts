import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { fromCents, toCents } from '../../contract/money'
import type { DiscountCode, discountCodeBody } from '../../contract/pricing'
import type { Database } from '../db/client'
import { categories } from '../db/schema/catalog'
import { discountCodeCategories, discountCodes, discountCodeUses } from '../db/schema/pricing'
import { invalid, notFound } from './refusal'

type CodeBody = z.output<typeof discountCodeBody>
type CodeRow = typeof discountCodes.$inferSelect

const CODE_NOT_FOUND = 'Discount code not found'

/** Codes are one code whatever their case. */
export const codeIs = (code: string) => eq(sql`lower(${discountCodes.code})`, code.toLowerCase())

function toCode(row: CodeRow, categoryIds: number[], uses: number): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value / 100 : fromCents(row.value),
    minSubtotal: row.minSubtotalCents === null ? null : fromCents(row.minSubtotalCents),
    categoryIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerShopper: row.maxUsesPerShopper,
    active: row.active,
    uses,
  }
}

/** Every code by code, with its uses so far (held by payments under way, and kept); or one. */
export async function listCodes(db: Database, id?: number): Promise<DiscountCode[]> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(id === undefined ? undefined : eq(discountCodes.id, id))
    .orderBy(asc(sql`lower(${discountCodes.code})`))
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const links = await db
    .select()
    .from(discountCodeCategories)
    .where(inArray(discountCodeCategories.codeId, ids))
    .orderBy(asc(discountCodeCategories.categoryId))
  const uses = await db
    .select({ codeId: discountCodeUses.codeId, uses: count() })
    .from(discountCodeUses)
    .where(inArray(discountCodeUses.codeId, ids))
    .groupBy(discountCodeUses.codeId)
  return rows.map((row) =>
    toCode(
      row,
      links.filter((link) => link.codeId === row.id).map((link) => link.categoryId),
      uses.find((u) => u.codeId === row.id)?.uses ?? 0,
    ),
  )
}

export async function createCode(tx: Database, body: CodeBody): Promise<DiscountCode> {
  await checkCode(tx, body, null)
  const [row] = await tx.insert(discountCodes).values(columns(body)).returning()
  if (!row) throw new Error('code not inserted')
  await writeCategories(tx, row.id, body.categoryIds)
  return (await listCodes(tx, row.id))[0] as DiscountCode
}

export async function updateCode(
  tx: Database,
  id: number,
  body: CodeBody,
): Promise<{ before: DiscountCode; after: DiscountCode }> {
  await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.id, id))
    .for('update')
  const [before] = await listCodes(tx, id)
  if (!before) return notFound(CODE_NOT_FOUND)
  await checkCode(tx, body, id)
  await tx.update(discountCodes).set(columns(body)).where(eq(discountCodes.id, id))
  await tx.delete(discountCodeCategories).where(eq(discountCodeCategories.codeId, id))
  await writeCategories(tx, id, body.categoryIds)
  return { before, after: (await listCodes(tx, id))[0] as DiscountCode }
}

// The sales that used it keep the code's words (sales.discount_code); its uses go with it.
export async function deleteCode(tx: Database, id: number): Promise<DiscountCode> {
  const [code] = await listCodes(tx, id)
  if (!code) return notFound(CODE_NOT_FOUND)
  await tx.delete(discountCodes).where(eq(discountCodes.id, id))
  return code
}

function columns(body: CodeBody) {
  return {
    code: body.code,
    kind: body.kind,
    value: body.kind === 'percent' ? Math.round(body.value * 100) : toCents(body.value),
    minSubtotalCents: body.minSubtotal == null ? null : toCents(body.minSubtotal),
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    maxUses: body.maxUses ?? null,
    maxUsesPerShopper: body.maxUsesPerShopper ?? null,
    active: body.active,
  }
}

async function checkCode(tx: Database, body: CodeBody, id: number | null) {
  const others = id === null ? undefined : ne(discountCodes.id, id)
  const [taken] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(codeIs(body.code), others))
  if (taken) invalid('code', `a discount code ${body.code} already exists`)
  const wanted = [...new Set(body.categoryIds)]
  if (wanted.length === 0) return
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, wanted))
  const missing = wanted.find((categoryId) => !found.some((row) => row.id === categoryId))
  if (missing !== undefined) invalid('categoryIds', `there is no category ${missing}`)
}

async function writeCategories(tx: Database, codeId: number, categoryIds: number[]) {
  const unique = [...new Set(categoryIds)]
  if (unique.length === 0) return
  await tx
    .insert(discountCodeCategories)
    .values(unique.map((categoryId) => ({ codeId, categoryId })))
}
