import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client'
import { isUniqueViolation } from './errors'
import { categories } from './schema/catalog'
import { serverSettings } from './schema/cluster'

// PGlite answers from a thread of its own (pglite-thread.ts): what the shop's code sees of the
// database must be what it saw when PGlite ran in the main thread.
describe("PGlite in the database's thread", () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' })
  })
  afterAll(() => handle.close())

  const names = async () =>
    (await handle.db.select().from(categories).orderBy(asc(categories.name))).map((c) => c.name)

  it('answers queries with their rows, timestamps as the text drizzle asks for', async () => {
    const [made] = await handle.db
      .insert(categories)
      .values({ name: 'Harps' })
      .returning({ id: categories.id, name: categories.name })
    expect(made?.name).toBe('Harps')
    const answer = await handle.db.execute(
      sql`SELECT '2026-11-26 07:00:00+00'::timestamptz AS now, 41 + 1 AS n`,
    )
    expect((answer as unknown as { rows: unknown[] }).rows[0]).toEqual({
      now: '2026-11-26 07:00:00+00',
      n: 42,
    })
  })

  it('rolls a transaction back whole when a statement in it fails, with the error fields intact', async () => {
    const before = await names()
    const failed = await handle.db
      .transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Lutes' })
        await tx.insert(categories).values({ name: 'Harps' })
      })
      .catch((error: unknown) => error)
    expect(isUniqueViolation(failed)).toBe(true)
    expect(await names()).toEqual(before)
  })

  it('commits what a transaction returns, and rolls back what it throws', async () => {
    const id = await handle.db.transaction(async (tx) => {
      const [made] = await tx.insert(categories).values({ name: 'Oboes' }).returning()
      return made?.id
    })
    expect(id).toBeTypeOf('number')
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.delete(categories).where(eq(categories.name, 'Oboes'))
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await names()).toContain('Oboes')
  })

  it('makes a query from outside wait until an open transaction ends, as PGlite always did', async () => {
    let inserted: () => void = () => {}
    let release: () => void = () => {}
    const first = new Promise<void>((resolve) => {
      inserted = resolve
    })
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const writing = handle.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Zither one' })
      inserted()
      await held
      await tx.insert(categories).values({ name: 'Zither two' })
    })
    await first
    const outside = names()
    release()
    await writing
    expect((await outside).filter((n) => n.startsWith('Zither'))).toEqual([
      'Zither one',
      'Zither two',
    ])
  })

  it('fails a query whose parameter cannot cross threads, and answers the next one', async () => {
    const unsendable = () => 'a function'
    await expect(handle.db.execute(sql`SELECT ${unsendable} AS x`)).rejects.toThrow()
    expect(await names()).toContain('Harps')
  })

  it("passes on NOTIFY to the channel's listeners", async () => {
    const heard = new Promise<string>((resolve) => {
      void handle.broadcast.subscribe('thread_test', resolve)
    })
    await handle.broadcast.publish('thread_test', 'restocked')
    expect(await heard).toBe('restocked')
  })
})

describe("PGlite's thread on a data directory", () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pglite-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps what was written across a close and an open, and refuses queries once closed', async () => {
    const first = await openDatabase({ dataDir: dir })
    await first.db.insert(serverSettings).values({ name: 'thread-test', value: 'kept' })
    await first.close()
    await expect(first.db.select().from(serverSettings)).rejects.toThrow()

    const again = await openDatabase({ dataDir: dir })
    const [row] = await again.db
      .select()
      .from(serverSettings)
      .where(eq(serverSettings.name, 'thread-test'))
    expect(row?.value).toBe('kept')
    await again.close()
  })
})
