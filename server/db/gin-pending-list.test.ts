import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import type { DatabaseHandle } from './client'

// PGlite never vacuums: a GIN index with a pending list (fastupdate on, GIN's default) keeps every
// row written since the list last overflowed in it, and each search reads it all (migration 0021).
let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(() => handle.close())

it('keeps no pending list on any GIN index after the migrations', async () => {
  const result = await handle.db.execute(sql`
    SELECT c.relname AS name, coalesce(c.reloptions, '{}') AS options
    FROM pg_class c JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE a.amname = 'gin' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    ORDER BY c.relname`)
  // PGlite answers { rows }, postgres.js the rows themselves.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    name: string
    options: string[]
  }[]
  expect(rows.map((r) => r.name)).toEqual(
    expect.arrayContaining([
      'accounts_admin_user_name_idx',
      'instruments_admin_name_idx',
      'sale_items_admin_name_idx',
    ]),
  )
  for (const { name, options } of rows) {
    expect({
      name,
      fastupdateOff: options.some((o) => /^fastupdate=(off|false)$/.test(o)),
    }).toEqual({
      name,
      fastupdateOff: true,
    })
  }
})
