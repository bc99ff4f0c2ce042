import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories } from '../db/schema/catalog'
import { createTestApi } from '../test/harness'

// "Export instruments as CSV, streamed (100,000 rows without holding them in memory)": the export is read through the real route while the memory that survives a garbage
// collection (heap and array buffers) is measured. Holding the rows or the file would keep tens of
// megabytes alive: a reader that kept its chunks measured 42.9 MB here.
const ROWS = 100_000
const MB = 1024 * 1024

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void
const liveMemory = () => {
  collectGarbage()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}

let t: Awaited<ReturnType<typeof createTestApi>>
let token: string

beforeAll(async () => {
  t = await createTestApi()
  token = (await t.makeAccount({ rol: 'admin' })).token
  const [category] = await t.db.insert(categories).values({ name: 'Guitars' }).returning()
  // The trigram indexes of the shoppers' and the admin's search cost most of 100,000 inserts on
  // PGlite and play no part in an export: this throw-away database does without them.
  await t.db.execute(sql`DROP INDEX IF EXISTS instruments_admin_name_idx`)
  // About 400 bytes a row: the file is some 40 MB.
  await t.db.execute(sql`
    INSERT INTO instruments (name, brand, price, img, description, stock, status, category_id)
    SELECT 'Guitar #' || n, 'Brand', n % 5000 + 0.99, '/images/guitar.webp',
           repeat('A long description, ', 18) || n, n % 13, 'New', ${category?.id}
    FROM generate_series(1, ${ROWS}) AS n`)
}, 120_000)
afterAll(() => t?.close())

describe('the instruments export at 100,000 rows', () => {
  it('streams every row while the live memory stays far below the size of the file', async () => {
    const res = await t.api.request('/instruments/export.csv', {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const baseline = liveMemory()
    let bytes = 0
    let lines = 0
    let chunks = 0
    let peak = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      for (const byte of value) if (byte === 10) lines++
      if (++chunks % 10 === 0) peak = Math.max(peak, liveMemory() - baseline)
    }
    const fileMb = bytes / MB
    console.info(
      `export: ${ROWS} rows, ${fileMb.toFixed(1)} MB in ${chunks} chunks; live memory at most ${(peak / MB).toFixed(1)} MB above the start`,
    )
    expect(lines).toBe(ROWS + 1)
    expect(fileMb).toBeGreaterThan(35)
    // One page of rows is well under a megabyte; 8 MB leaves room for the database's own caches.
    expect(peak).toBeLessThan(8 * MB)
  }, 180_000)
})
