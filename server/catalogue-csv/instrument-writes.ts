import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { resultRows } from '../db/result-rows'
import { instruments } from '../db/schema/catalog'

type Stored = typeof instruments.$inferSelect
export type InstrumentFields = Pick<
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
/** A file's row for an instrument: a column the file leaves out is undefined. */
export type FileFields = Partial<InstrumentFields>

// Rows go to the database as one JSON parameter per statement, read back by jsonb_to_recordset:
// PostgreSQL's 65,535 parameters a statement no longer bound the chunk, and PGlite and
// PostgreSQL take the same text. A chunk still bounds one statement's memory.
export const WRITE_CHUNK = 5000

const ROW_TYPE = sql.raw(
  'v(id integer, name text, brand text, price numeric, img text, description text, stock integer, stock_checked integer, status text, category_id integer, is_banned boolean, low_stock_threshold integer)',
)

const asRecords = (rows: (FileFields & { id?: number; stockChecked?: number })[]) =>
  JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      brand: r.brand,
      price: r.price,
      img: r.img,
      description: r.description,
      stock: r.stock,
      stock_checked: r.stockChecked,
      status: r.status,
      category_id: r.categoryId,
      is_banned: r.isBanned,
      low_stock_threshold: r.lowStockThreshold,
    })),
  )

/** New instruments, answering the ids made; a left-out column takes the table's default. */
export async function insertInstruments(tx: Database, rows: FileFields[], adminId: number) {
  const made = await tx.execute(sql`
    INSERT INTO ${instruments}
      (name, brand, price, img, description, stock, status, category_id, is_banned,
       low_stock_threshold, admin_id)
    SELECT v.name, v.brand, v.price, v.img, v.description, v.stock, v.status, v.category_id,
      coalesce(v.is_banned, false), v.low_stock_threshold, ${adminId}::integer
    FROM jsonb_to_recordset(${asRecords(rows)}::jsonb) AS ${ROW_TYPE}
    RETURNING id`)
  return resultRows<{ id: number }>(made).map((r) => Number(r.id))
}

/**
 * Writes the file's columns over the instruments it names and answers, for each one still there,
 * its stock before and after (read under the row's lock, for the restock mails). A column the file
 * leaves out keeps the instrument's current value, not the one the check read: an edit made
 * meanwhile to another column stays. A blank isBanned keeps the row's own. A stock the file
 * leaves as the check read it keeps the current one: a sale made between the check and the
 * write is not undone by a file that only changes prices.
 */
export async function updateInstruments(
  tx: Database,
  rows: (FileFields & { id: number; stockChecked: number })[],
  fileHasThreshold: boolean,
) {
  const threshold = fileHasThreshold ? sql`, low_stock_threshold = v.low_stock_threshold` : sql``
  const updated = await tx.execute(sql`
    WITH v AS (SELECT * FROM jsonb_to_recordset(${asRecords(rows)}::jsonb) AS ${ROW_TYPE}),
    locked AS (
      SELECT i.id, i.stock FROM ${instruments} i JOIN v ON v.id = i.id FOR UPDATE OF i
    )
    UPDATE ${instruments} SET
      name = v.name, brand = v.brand, price = v.price, img = v.img, description = v.description,
      stock = CASE WHEN v.stock = v.stock_checked THEN locked.stock ELSE v.stock END, status = v.status, category_id = v.category_id,
      is_banned = coalesce(v.is_banned, ${instruments}.is_banned) ${threshold}
    FROM v JOIN locked ON locked.id = v.id
    WHERE ${instruments.id} = v.id
    RETURNING ${instruments.id} AS id, locked.stock AS stock_before, ${instruments.stock} AS stock_after`)
  return resultRows<{ id: number; stock_before: number; stock_after: number }>(updated).map(
    (r) => ({
      id: Number(r.id),
      stockBefore: Number(r.stock_before),
      stockAfter: Number(r.stock_after),
    }),
  )
}
