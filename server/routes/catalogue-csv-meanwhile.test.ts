import { stringify } from 'csv-stringify/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { planImport } from '../catalogue-csv'
import { categories, instruments } from '../db/schema/catalog'
import { seedIfEmpty } from '../seed/seed'
import { createTestApi } from '../test/harness'

// The test plays another request at the moment the import has read its file and checks it.
vi.mock('../catalogue-csv', async (original) => {
  const module = await original<typeof import('../catalogue-csv')>()
  return { ...module, planImport: vi.fn(module.planImport) }
})
const checked = vi.mocked(planImport)
const { planImport: checkFile } = await vi.importActual<typeof import('../catalogue-csv')>(
  '../catalogue-csv/instrument-import',
)

// On the embedded database (one connection) the import held its transaction from
// its first read to its last write, and every shopper's request waited for it.

let t: Awaited<ReturnType<typeof createTestApi>>
beforeAll(async () => {
  t = await createTestApi()
  await seedIfEmpty(t.db, { adminPassword: 'admin12345', demoPassword: undefined })
})
afterAll(() => t.close())

const importAs = (token: string, csv: string) =>
  t.api.request('/instruments/import', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    body: csv,
  })

const ROWS = 10_000
const header = ['name', 'brand', 'price', 'img', 'description', 'stock', 'status', 'category']
const file = stringify([
  header,
  ...Array.from({ length: ROWS }, (_, n) => [
    `Imported kazoo #${n + 1}`,
    'Acme',
    '5.5',
    '/images/kazoo.webp',
    `A kazoo, row ${n + 1}.`,
    String(n % 7),
    'New',
    'Guitars',
  ]),
])

describe('a 10,000-row import', () => {
  it('lets a storefront page be answered while it runs', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const finished: string[] = []
    let storefront: Promise<{ status: number }> | undefined
    checked.mockImplementationOnce((db, read) => {
      storefront = t.request('GET', '/instruments?page=1').then((answer) => {
        finished.push('storefront')
        return answer
      })
      return checkFile(db, read)
    })
    const imported = await importAs(admin.token, file)
    finished.push('import')
    expect(imported.status).toBe(200)
    expect(await imported.json()).toMatchObject({ created: ROWS, updated: 0 })
    expect((await storefront)?.status).toBe(200)
    expect(finished).toEqual(['storefront', 'import'])
  })
})

describe('an instrument deleted between the check and the write', () => {
  it('is a 409 naming its line, and nothing of the file is written', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const [kept, gone] = await t.db.select().from(instruments).limit(2)
    const row = (id: number | undefined, stock: number) => [
      id ?? '',
      `Row for ${id}`,
      'Acme',
      '9',
      '/k.webp',
      'Updated.',
      stock,
      'Used',
      'Guitars',
    ]
    const csv = stringify([
      ['id', ...header],
      row(kept?.id, 11),
      row(gone?.id, 12),
      row(undefined, 13),
    ])
    checked.mockImplementationOnce(async (db, read) => {
      const plan = await checkFile(db, read)
      await t.db.delete(instruments).where(eq(instruments.id, gone?.id as number))
      return plan
    })
    const count = async () => (await t.db.select().from(instruments)).length
    const before = await count()
    const answer = await importAs(admin.token, csv)
    expect(answer.status).toBe(409)
    expect(await answer.json()).toEqual({
      error:
        'Nothing was imported: the catalogue changed while the file was being imported: one line has problems',
      field: 'file',
      problems: [
        {
          line: 3,
          field: 'id',
          error: `instrument ${gone?.id} was deleted while the file was being imported`,
        },
      ],
    })
    const [still] = await t.db
      .select()
      .from(instruments)
      .where(eq(instruments.id, kept?.id as number))
    expect(still).toEqual(kept)
    expect(await count()).toBe(before - 1)
  })
})

describe('a category deleted between the check and the write', () => {
  it('is a 409 naming the category, and no instrument of the file is added', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const [violas] = await t.db.insert(categories).values({ name: 'Violas' }).returning()
    const csv = stringify([
      header,
      ['Viola', 'Acme', '9', '/v.webp', 'A viola.', 1, 'New', 'Violas'],
    ])
    checked.mockImplementationOnce(async (db, read) => {
      const plan = await checkFile(db, read)
      await t.db.delete(categories).where(eq(categories.id, violas?.id as number))
      return plan
    })
    const answer = await importAs(admin.token, csv)
    expect(answer.status).toBe(409)
    expect(await answer.json()).toEqual({
      error:
        'Nothing was imported: the catalogue changed while the file was being imported (a category it names was deleted); check the file again',
      field: 'category',
    })
    expect(await t.db.select().from(instruments).where(eq(instruments.name, 'Viola'))).toEqual([])
  })
})

describe('a sale between the check and the write', () => {
  it('keeps its stock when the file leaves the stock as it was checked', async () => {
    const admin = await t.makeAccount({ rol: 'admin' })
    const [guitars] = await t.db.select().from(categories).where(eq(categories.name, 'Guitars'))
    const [drum] = await t.db
      .insert(instruments)
      .values({
        name: 'Snare',
        brand: 'Acme',
        price: 50,
        img: '/s.webp',
        description: 'A snare.',
        stock: 4,
        status: 'New',
        categoryId: guitars?.id as number,
      })
      .returning()
    const id = drum?.id as number
    const csv = stringify([
      ['id', ...header],
      [id, 'Snare', 'Acme', '60', '/s.webp', 'A snare.', 4, 'New', 'Guitars'],
    ])
    checked.mockImplementationOnce(async (db, read) => {
      const plan = await checkFile(db, read)
      await t.db.update(instruments).set({ stock: 3 }).where(eq(instruments.id, id))
      return plan
    })
    const answer = await importAs(admin.token, csv)
    expect(answer.status).toBe(200)
    const [after] = await t.db.select().from(instruments).where(eq(instruments.id, id))
    expect(after).toMatchObject({ price: 60, stock: 3 })
  })
})
