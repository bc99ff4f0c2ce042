import { asc, inArray, sql } from 'drizzle-orm'
import type { ImportProblem } from '../../contract/catalogue-csv'
import { toCents } from '../../contract/money'
import { type Admin, recordAudit } from '../audit/record'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { announceRestock } from '../services/stock-alerts'
import type { InstrumentCsvRow, ReadRows } from './instrument-rows'

type Stored = typeof instruments.$inferSelect
type Fields = Pick<
  Stored,
  | 'name'
  | 'brand'
  | 'price'
  | 'img'
  | 'description'
  | 'stock'
  | 'status'
  | 'categoryId'
  | 'isBanned'
  | 'lowStockThreshold'
>

export interface ImportPlan {
  creates: Partial<Fields>[]
  updates: { before: Stored; after: Fields }[]
  unchanged: number
  problems: ImportProblem[]
}

// Statements carry at most this many rows: PostgreSQL takes 65,535 parameters a statement.
const CHUNK = 1000

/**
 * What the rows would do to the catalogue: new instruments, updates of changed ones (with the row
 * as it was) and the count left as they are, or the problems that only the database shows (an
 * unknown category or id). `lock` reads the updated rows FOR UPDATE, inside the import's
 * transaction.
 */
export async function planImport(db: Database, read: ReadRows, opts: { lock: boolean }) {
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, problems: [] }
  const categoryOf = categoryPicker(await db.select().from(categories).orderBy(asc(categories.id)))
  const ids = read.rows.flatMap(({ row }) => (row.id === undefined ? [] : [row.id]))
  const stored = new Map<number, Stored>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const query = db
      .select()
      .from(instruments)
      .where(inArray(instruments.id, ids.slice(i, i + CHUNK)))
    for (const row of opts.lock ? await query.for('update') : await query) stored.set(row.id, row)
  }
  for (const { line, row } of read.rows) {
    const categoryId = categoryOf(row.category)
    const before = row.id === undefined ? undefined : stored.get(row.id)
    if (categoryId === undefined) {
      plan.problems.push({ line, field: 'category', error: 'no such category' })
    }
    if (row.id !== undefined && !before) {
      plan.problems.push({
        line,
        field: 'id',
        error: `no instrument has id ${row.id} (leave id empty to add a new one)`,
      })
    }
    if (categoryId === undefined || (row.id !== undefined && !before)) continue
    const fields = withoutMissing(row, categoryId)
    if (!before) {
      plan.creates.push(fields)
      continue
    }
    const after = { ...before, ...fields }
    if (changedKeys(before, after).length === 0) plan.unchanged++
    else plan.updates.push({ before, after })
  }
  return plan
}

/** Writes a plan without problems, in the caller's transaction. */
export async function applyImport(
  tx: Database,
  plan: ImportPlan,
  admin: Admin,
  origin: string,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const createdIds: number[] = []
  for (let i = 0; i < plan.creates.length; i += CHUNK) {
    const values = plan.creates.slice(i, i + CHUNK).map((fields) => ({
      ...(fields as Fields),
      adminId: admin.id,
    }))
    const rows = await tx.insert(instruments).values(values).returning({ id: instruments.id })
    createdIds.push(...rows.map((r) => r.id))
  }
  for (let i = 0; i < plan.updates.length; i += CHUNK) {
    await updateMany(
      tx,
      plan.updates.slice(i, i + CHUNK).map((u) => ({ id: u.before.id, ...u.after })),
    )
  }
  // As an admin's edit does: a stock raised from 0 mails the instrument's alerts.
  const raises = plan.updates
    .filter((u) => u.after.stock !== u.before.stock)
    .map((u) => ({ instrumentId: u.before.id, stockBefore: u.before.stock }))
  await announceRestock(tx, origin, raises)
  const counts = {
    created: createdIds.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
  }
  // A file that changed nothing left no trace to record, as an edit that changed nothing.
  if (counts.created + counts.updated > 0) {
    await recordAudit(tx, admin, {
      kind: 'instrument.import',
      entity: 'instrument',
      after: { ...counts, createdIds, updatedIds: plan.updates.map((u) => u.before.id) },
    })
  }
  return counts
}

/** One statement for many rows: at 10,000 rows, one UPDATE each would take most of the time. */
async function updateMany(tx: Database, rows: (Fields & { id: number })[]) {
  const values = rows.map(
    (r) =>
      sql`(${r.id}::integer, ${r.name}::text, ${r.brand}::text, ${r.price}::numeric, ${r.img}::text, ${r.description}::text, ${r.stock}::integer, ${r.status}::text, ${r.categoryId}::integer, ${r.isBanned}::boolean, ${r.lowStockThreshold}::integer)`,
  )
  await tx.execute(sql`
    UPDATE ${instruments} SET
      name = v.name, brand = v.brand, price = v.price, img = v.img, description = v.description,
      stock = v.stock, status = v.status, category_id = v.category_id, is_banned = v.is_banned,
      low_stock_threshold = v.low_stock_threshold
    FROM (VALUES ${sql.join(values, sql`, `)})
      AS v(id, name, brand, price, img, description, stock, status, category_id, is_banned, low_stock_threshold)
    WHERE ${instruments.id} = v.id`)
}

// A column the file leaves out keeps the instrument's value (or the table's default when new);
// a blank lowStockThreshold is null, the shop's default, as in the edit form.
function withoutMissing(row: InstrumentCsvRow, categoryId: number): Partial<Fields> {
  const { id: _, category: __, ...fields } = row
  const present = Object.entries({ ...fields, categoryId }).filter(([, v]) => v !== undefined)
  return Object.fromEntries(present) as Partial<Fields>
}

function changedKeys(before: Stored, after: Stored) {
  return (Object.keys(after) as (keyof Stored)[]).filter((key) =>
    // numeric(10,2) keeps cents, so 10.001 is the 10.00 already stored.
    key === 'price' ? toCents(before.price) !== toCents(after.price) : before[key] !== after[key],
  )
}

// The create and edit API's rule (routes/instruments.ts resolveCategory): a category by its name,
// any case, first; else a number names its id. Read once for the whole file.
function categoryPicker(rows: { id: number; name: string }[]) {
  const byName = new Map(rows.map((c) => [c.name.toLowerCase(), c.id]))
  const ids = new Set(rows.map((c) => c.id))
  return (value: string | number): number | undefined => {
    const named = typeof value === 'string' ? byName.get(value.toLowerCase()) : undefined
    if (named !== undefined) return named
    const id = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : 0
    return ids.has(id) ? id : undefined
  }
}
