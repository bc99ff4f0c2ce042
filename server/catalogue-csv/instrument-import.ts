import { and, asc, inArray } from 'drizzle-orm'
import type { ImportProblem } from '../../contract/catalogue-csv'
import { toCents } from '../../contract/money'
import { type Admin, recordAudit } from '../audit'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { stockAlerts } from '../db/schema/stock-alerts'
import { alertWaiting, announceRestock } from '../stock'
import type { InstrumentCsvRow, ReadRows } from './instrument-rows'
import {
  type FileFields,
  type InstrumentFields,
  insertInstruments,
  updateInstruments,
  WRITE_CHUNK,
} from './instrument-writes'

type Stored = typeof instruments.$inferSelect
type Written = Awaited<ReturnType<typeof updateInstruments>>[number]

export interface ImportPlan {
  creates: FileFields[]
  updates: { line: number; id: number; fields: FileFields; stockChecked: number }[]
  unchanged: number
  problems: ImportProblem[]
  /** The file has the column: a blank cell sets the shop's default, no column keeps the row's. */
  hasThreshold: boolean
}

// Ids read per query while checking: the list of ids is one parameter each.
const READ_CHUNK = 5000

/**
 * What the rows would do to the catalogue, checked outside any transaction: new instruments,
 * updates of changed ones and the count left as they are, or the problems that only the database
 * shows (an unknown category or id). Categories are read once for the whole file.
 */
export async function planImport(db: Database, read: ReadRows): Promise<ImportPlan> {
  const plan: ImportPlan = {
    creates: [],
    updates: [],
    unchanged: 0,
    problems: [],
    hasThreshold: read.columns.includes('lowStockThreshold'),
  }
  const categoryOf = categoryPicker(await db.select().from(categories).orderBy(asc(categories.id)))
  const ids = read.rows.flatMap(({ row }) => (row.id === undefined ? [] : [row.id]))
  const stored = new Map<number, Stored>()
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const rows = await db
      .select()
      .from(instruments)
      .where(inArray(instruments.id, ids.slice(i, i + READ_CHUNK)))
    for (const row of rows) stored.set(row.id, row)
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
    if (!before) plan.creates.push(fields)
    else if (changed(before, fields)) {
      plan.updates.push({ line, id: before.id, fields, stockChecked: before.stock })
    } else plan.unchanged++
  }
  return plan
}

/** The catalogue moved between the check and the write: nothing was written. */
export class ImportConflict extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super('the catalogue changed while the file was being imported')
  }
}

/**
 * Writes a checked plan in the caller's transaction, a few statements for the whole file. What
 * the check read may have changed since: an instrument deleted meanwhile is an ImportConflict
 * (the caller's transaction rolls back), and a category deleted meanwhile fails its foreign key.
 */
export async function applyImport(
  tx: Database,
  plan: ImportPlan,
  admin: Admin,
  origin: string,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const createdIds: number[] = []
  for (let i = 0; i < plan.creates.length; i += WRITE_CHUNK) {
    createdIds.push(
      ...(await insertInstruments(tx, plan.creates.slice(i, i + WRITE_CHUNK), admin.id)),
    )
  }
  const written: Written[] = []
  for (let i = 0; i < plan.updates.length; i += WRITE_CHUNK) {
    const chunk = plan.updates
      .slice(i, i + WRITE_CHUNK)
      .map((u) => ({ id: u.id, stockChecked: u.stockChecked, ...u.fields }))
    written.push(...(await updateInstruments(tx, chunk, plan.hasThreshold)))
  }
  if (written.length < plan.updates.length) throw new ImportConflict(goneSince(plan, written))
  await announceRestocks(tx, origin, written)
  const counts = {
    created: createdIds.length,
    updated: written.length,
    unchanged: plan.unchanged,
  }
  // A file that changed nothing left no trace to record, as an edit that changed nothing.
  if (counts.created + counts.updated > 0) {
    await recordAudit(tx, admin, {
      kind: 'instrument.import',
      entity: 'instrument',
      after: {
        ...counts,
        createdIds: createdIds.sort((a, b) => a - b),
        updatedIds: plan.updates.map((u) => u.id),
      },
    })
  }
  return counts
}

function goneSince(plan: ImportPlan, written: { id: number }[]): ImportProblem[] {
  const still = new Set(written.map((w) => w.id))
  return plan.updates
    .filter((u) => !still.has(u.id))
    .map((u) => ({
      line: u.line,
      field: 'id',
      error: `instrument ${u.id} was deleted while the file was being imported`,
    }))
}

// As an admin's edit does: a stock raised from 0 mails the instrument's alerts. Only instruments
// with an alert waiting are handed on, so a file that restocks thousands of instruments nobody
// waits for costs one query.
async function announceRestocks(tx: Database, origin: string, written: Written[]) {
  const raised = written.filter((w) => w.stockBefore === 0 && w.stockAfter > 0)
  if (raised.length === 0) return
  const awaited = new Set<number>()
  for (let i = 0; i < raised.length; i += READ_CHUNK) {
    const ids = raised.slice(i, i + READ_CHUNK).map((r) => r.id)
    const rows = await tx
      .selectDistinct({ id: stockAlerts.instrumentId })
      .from(stockAlerts)
      .where(and(inArray(stockAlerts.instrumentId, ids), alertWaiting))
    for (const row of rows) awaited.add(row.id)
  }
  const raises = raised
    .filter((r) => awaited.has(r.id))
    .map((r) => ({ instrumentId: r.id, stockBefore: r.stockBefore }))
  await announceRestock(tx, origin, raises)
}

// A column the file leaves out keeps the instrument's value (or the table's default when new);
// a blank lowStockThreshold is null, the shop's default, as in the edit form.
function withoutMissing(row: InstrumentCsvRow, categoryId: number): FileFields {
  const { id: _, category: __, ...fields } = row
  const present = Object.entries({ ...fields, categoryId }).filter(([, v]) => v !== undefined)
  return Object.fromEntries(present) as FileFields
}

function changed(before: Stored, fields: FileFields) {
  return (Object.keys(fields) as (keyof InstrumentFields)[]).some((key) =>
    // numeric(10,2) keeps cents, so 10.001 is the 10.00 already stored.
    key === 'price'
      ? toCents(before.price) !== toCents(fields.price ?? 0)
      : before[key] !== fields[key],
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
