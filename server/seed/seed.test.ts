import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accounts } from '../db/schema/accounts'
import { categories, instruments, reviews } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'
import { ensureAdmin, seedBulkInstruments, seedIfEmpty } from './seed'

let t: Awaited<ReturnType<typeof createTestApi>>
let printed: string[] = []
const dataDir = mkdtempSync(join(tmpdir(), 'shop-seed-'))
beforeAll(async () => {
  t = await createTestApi()
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    await seedIfEmpty(t.db, { adminPassword: 'admin-pass-123', dataDir })
    printed = log.mock.calls.map((args) => args.join(' '))
  } finally {
    log.mockRestore()
  }
})
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const total = async (
  table: typeof instruments | typeof categories | typeof sales | typeof reviews,
) => (await t.db.select({ n: count() }).from(table))[0]?.n

describe('seedIfEmpty', () => {
  it('creates the demo catalogue with images shipped in public/', async () => {
    const cats = await t.db.select().from(categories)
    expect(cats.filter((c) => !c.isBanned).length).toBeGreaterThanOrEqual(6)
    const rows = await t.db.select().from(instruments)
    expect(rows.length).toBeGreaterThanOrEqual(40)
    for (const row of rows) {
      expect(row.img).toMatch(/^\/images\/instruments\/[a-z0-9-]+\.svg$/)
      expect(existsSync(join('public', row.img)), row.img).toBe(true)
    }
    expect(rows.some((r) => r.stock === 0)).toBe(true)
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['New', 'Used']))
    expect(rows.some((r) => r.isBanned)).toBe(true)
    expect(new Set(rows.map((r) => r.img)).size).toBe(rows.length)
  })

  it('creates buyers with sales and reviews, and keeps the averages consistent', async () => {
    const buyers = await t.db.select().from(accounts).where(eq(accounts.kind, 'user'))
    expect(buyers.map((b) => b.userName).sort()).toEqual(['lucia.m', 'marco88', 'sofia_g'])
    expect(await total(sales)).toBeGreaterThan(0)
    const all = await t.db.select().from(reviews)
    expect(all.length).toBeGreaterThan(0)
    for (const review of all) {
      expect(review.comment.length).toBeGreaterThanOrEqual(30)
      expect(review.comment.length).toBeLessThanOrEqual(300)
      const [line] = await t.db.select().from(saleItems).where(eq(saleItems.id, review.saleItemId))
      expect(line?.instrumentId).toBe(review.instrumentId)
    }
    const rated = await t.db
      .select()
      .from(instruments)
      .where(eq(instruments.id, all[0]?.instrumentId as number))
    const own = all.filter((r) => r.instrumentId === rated[0]?.id)
    expect(rated[0]?.raitingCount).toBe(own.length)
    expect(rated[0]?.raiting).toBeCloseTo(own.reduce((s, r) => s + r.star, 0) / own.length)
  })

  it('shows ratings on the storefront pages, bans hidden', async () => {
    const page = await t.request('GET', '/instruments?page=1&sort=default&limit=100')
    expect(page.body.items.some((i: { raitingCount: number }) => i.raitingCount > 0)).toBe(true)
    expect(page.body.items.every((i: { isBanned: boolean }) => !i.isBanned)).toBe(true)
  })

  it('gives the demo shoppers a random password, written to a file of the owner only, never logged', async () => {
    const file = join(dataDir, 'generated-passwords.txt')
    expect(printed).toContain(
      `Created the demo shoppers lucia.m, marco88, sofia_g; their password is in ${file} (yours only)`,
    )
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const line = readFileSync(file, 'utf8').trim().split('\n').at(-1)
    const password = line?.match(/ lucia\.m, marco88, sofia_g: (\S+)$/)?.[1]
    expect(password).toBeDefined()
    expect(printed.join('\n')).not.toContain(password)
    const login = (userName: string, pass: string) =>
      t.request('POST', '/auth/login', { body: { userName, password: pass } })
    expect((await login('lucia.m', 'demo1234')).status).toBe(401)
    expect((await login('lucia.m', password as string)).status).toBe(200)
  })

  it('gives the demo shoppers DEMO_PASSWORD when it is set, without printing it', async () => {
    const other = await createTestApi()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await seedIfEmpty(other.db, {
        adminPassword: 'admin-pass-123',
        demoPassword: 'chosen-pass-1',
      })
      expect(log.mock.calls.flat().join(' ')).not.toContain('chosen-pass-1')
      const res = await other.request('POST', '/auth/login', {
        body: { userName: 'marco88', password: 'chosen-pass-1' },
      })
      expect(res.status).toBe(200)
    } finally {
      log.mockRestore()
      await other.close()
    }
  })

  it("writes a generated admin password to the file, only the file's place to the log", async () => {
    const other = await createTestApi()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await ensureAdmin(other.db, undefined, dataDir)
      const logged = log.mock.calls.flat().join('\n')
      const line = readFileSync(join(dataDir, 'generated-passwords.txt'), 'utf8')
        .trim()
        .split('\n')
        .at(-1)
      const password = line?.match(/ admin: (\S+)$/)?.[1] as string
      expect(password).toBeDefined()
      expect(logged).toBe(
        `Created the admin account "admin"; its password is in ${join(dataDir, 'generated-passwords.txt')} (yours only)`,
      )
      const res = await other.request('POST', '/auth/login', {
        body: { userName: 'admin', password },
      })
      expect(res.status).toBe(200)
      // An in-memory shop keeps it in a new temporary folder of its own.
      await other.db.delete(accounts).where(eq(accounts.kind, 'admin'))
      await ensureAdmin(other.db, undefined, 'memory://')
      const file = String(log.mock.calls.at(-1)).match(/password is in (\S+)/)?.[1] as string
      expect(dirname(dirname(file))).toBe(tmpdir())
      expect(statSync(file).mode & 0o777).toBe(0o600)
      rmSync(dirname(file), { recursive: true })
    } finally {
      log.mockRestore()
      await other.close()
    }
  })

  it('leaves the demo shoppers, their orders and reviews out when not wanted (PostgreSQL without SEED=demo)', async () => {
    const other = await createTestApi()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await seedIfEmpty(other.db, { adminPassword: 'admin-pass-123', demoShoppers: false })
      expect(log.mock.calls.flat().join(' ')).not.toContain('demo shoppers')
      const users = await other.db.select().from(accounts).where(eq(accounts.kind, 'user'))
      expect(users).toEqual([])
      expect((await other.db.select({ n: count() }).from(sales))[0]?.n).toBe(0)
      expect((await other.db.select({ n: count() }).from(reviews))[0]?.n).toBe(0)
      const catalogue = await other.db.select({ n: count() }).from(instruments)
      expect(catalogue[0]?.n).toBeGreaterThanOrEqual(40)
    } finally {
      log.mockRestore()
      await other.close()
    }
  })

  it('adds nothing when run again', async () => {
    const before = [await total(instruments), await total(categories), await total(sales)]
    await seedIfEmpty(t.db, { adminPassword: 'admin-pass-123' })
    expect([await total(instruments), await total(categories), await total(sales)]).toEqual(before)
  })

  it('adds bulk instruments for benchmarks', async () => {
    const before = (await total(instruments)) as number
    await seedBulkInstruments(t.db, 2500)
    expect(await total(instruments)).toBe(before + 2500)
  })
})
