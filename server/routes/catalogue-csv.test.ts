import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSV_IMPORT_MAX_BYTES } from '../../contract/catalogue-csv'
import { auditEvents } from '../db/schema/audit'
import { categories, instruments } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { seedIfEmpty } from '../seed/seed'
import { createTestApi } from '../test/harness'

// The catalogue in bulk: "A CSV exported and imported back changes nothing; a CSV
// with bad rows is refused whole, each bad row named."

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: Awaited<ReturnType<typeof t.makeAccount>>
let guitars: number

beforeAll(async () => {
  t = await createTestApi()
  await seedIfEmpty(t.db, { adminPassword: 'admin12345', demoPassword: 'demo12345' })
  admin = await t.makeAccount({ rol: 'admin' })
  const [category] = await t.db
    .select()
    .from(categories)
    .where(eq(categories.isBanned, false))
    .orderBy(asc(categories.id))
  guitars = category?.id as number
  const awkward = {
    brand: 'Fender',
    price: 1299.99,
    img: '/images/x.webp',
    stock: 3,
    status: 'New' as const,
    categoryId: guitars,
  }
  await t.db.insert(instruments).values([
    { ...awkward, name: '=HYPERLINK("http://evil.example","click")', description: '@SUM(1)' },
    {
      ...awkward,
      name: 'Strat, "Custom Shop", 1962',
      description: 'Line one, with a comma\nLine "two"\r\n\n-and a third',
      lowStockThreshold: 7,
    },
    { ...awkward, name: "'=already quoted", description: '+plus', isBanned: true, stock: 0 },
  ])
})
afterAll(() => t.close())

const auth = (token = admin.token) => ({ Authorization: `Bearer ${token}` })
async function exportCsv(path = '/instruments/export.csv') {
  const res = await t.api.request(path, { headers: auth() })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/)
  // text() would drop the byte order mark that Excel needs.
  return Buffer.from(await res.arrayBuffer()).toString('utf8')
}
async function sendCsv(
  path: string,
  csv: string | Uint8Array<ArrayBuffer>,
  opts: { token?: string; type?: string } = {},
) {
  const res = await t.api.request(path, {
    method: 'POST',
    headers: { ...auth(opts.token), 'Content-Type': opts.type ?? 'text/csv' },
    body: csv,
  })
  return { status: res.status, body: await res.json() }
}
const catalogue = () => t.db.select().from(instruments).orderBy(asc(instruments.id))
const importRows = () =>
  t.db.select().from(auditEvents).where(eq(auditEvents.kind, 'instrument.import'))
const rowsOf = (csv: string) => parse(csv, { bom: true }) as string[][]

describe('export → import', () => {
  it('changes nothing: the dry run and the import find every row unchanged', async () => {
    const before = await catalogue()
    const csv = await exportCsv()
    expect(
      csv.startsWith(
        '\uFEFFid,name,brand,price,img,description,stock,status,category,isBanned,lowStockThreshold\n',
      ),
    ).toBe(true)
    expect(rowsOf(csv)).toHaveLength(before.length + 1)
    const check = await sendCsv('/instruments/import/check', csv)
    expect(check).toEqual({
      status: 200,
      body: {
        ok: `Ready to import: 0 new, 0 updated, ${before.length} unchanged`,
        created: 0,
        updated: 0,
        unchanged: before.length,
      },
    })
    const done = await sendCsv('/instruments/import', csv)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ created: 0, updated: 0, unchanged: before.length })
    expect(await catalogue()).toEqual(before)
    expect(await importRows()).toEqual([])
  })

  it('neutralises formulas: a cell starting with = + - @ gets a leading quote, which the import takes off', async () => {
    const rows = rowsOf(await exportCsv())
    const byName = (start: string) => rows.find((r) => r[1]?.includes(start)) ?? []
    expect(byName('HYPERLINK')[1]).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(byName('HYPERLINK')[5]).toBe("'@SUM(1)")
    expect(byName('already quoted')[1]).toBe("''=already quoted")
    expect(byName('already quoted')[5]).toBe("'+plus")
    expect(byName('Custom Shop')[5]).toBe('Line one, with a comma\nLine "two"\r\n\n-and a third')
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('adds rows without an id and updates rows by id, in one audited import that drops cached pages', async () => {
    const rows = rowsOf(await exportCsv())
    const [header, first] = rows as [string[], string[]]
    const edited = [...first]
    edited[3] = '1.5'
    edited[6] = '42'
    const added = header.map(
      (column) =>
        ({
          id: '',
          name: 'Imported Ukulele',
          brand: 'Kala',
          price: '89.9',
          img: '/images/u.webp',
          description: 'Soprano.',
          stock: '4',
          status: 'Used',
          category: String(guitars),
          isBanned: '',
          lowStockThreshold: '2',
        })[column] ?? '',
    )
    const csv = stringify([header, edited, added])
    const pageBefore = await t.request('GET', '/instruments?page=1')
    expect((await sendCsv('/instruments/import/check', csv)).body).toMatchObject({
      created: 1,
      updated: 1,
      unchanged: 0,
    })
    const done = await sendCsv('/instruments/import', csv)
    expect(done.body).toEqual({
      ok: 'Catalogue imported: 1 new, 1 updated, 0 unchanged',
      created: 1,
      updated: 1,
      unchanged: 0,
    })
    const [updated] = await t.db
      .select()
      .from(instruments)
      .where(eq(instruments.id, Number(first[0])))
    expect(updated).toMatchObject({ price: 1.5, stock: 42, name: first[1] })
    const [made] = await t.db
      .select()
      .from(instruments)
      .where(eq(instruments.name, 'Imported Ukulele'))
    expect(made).toMatchObject({
      brand: 'Kala',
      price: 89.9,
      status: 'Used',
      categoryId: guitars,
      isBanned: false,
      lowStockThreshold: 2,
      adminId: admin.id,
    })
    const [audit] = await importRows()
    expect(audit).toMatchObject({
      adminId: admin.id,
      adminName: admin.userName,
      entity: 'instrument',
      before: null,
      after: {
        created: 1,
        updated: 1,
        unchanged: 0,
        createdIds: [made?.id],
        updatedIds: [Number(first[0])],
      },
    })
    const pageAfter = await t.request('GET', '/instruments?page=1')
    expect(pageAfter.body.total).toBe(pageBefore.body.total + 1)
  })

  it('takes a category by name in any case, or by id', async () => {
    const [header, first] = rowsOf(await exportCsv()) as [string[], string[]]
    const [category] = await t.db.select().from(categories).where(eq(categories.id, guitars))
    const byId = [...first]
    byId[8] = String(guitars)
    const byName = [...first]
    byName[8] = String(category?.name.toUpperCase())
    for (const row of [byId, byName]) {
      const check = await sendCsv('/instruments/import/check', stringify([header, row]))
      expect(check.status).toBe(200)
    }
  })

  it("reads a file as a spreadsheet saves it again: semicolons where the region's decimal mark is a comma, TRUE and FALSE", async () => {
    const before = await catalogue()
    const rows = rowsOf(await exportCsv()).map((row) =>
      row.map((cell) => (cell === 'true' ? 'TRUE' : cell === 'false' ? 'FALSE' : cell)),
    )
    const check = await sendCsv('/instruments/import/check', stringify(rows, { delimiter: ';' }))
    expect(check.body).toMatchObject({ created: 0, updated: 0, unchanged: before.length })
  })

  it('mails the back-in-stock alerts when an import restocks a sold-out instrument', async () => {
    const shopper = await t.makeAccount({ verified: true })
    const [soldOut] = await t.db
      .insert(instruments)
      .values({
        name: 'Sold out Martin',
        brand: 'Martin',
        price: 10,
        img: '/images/m.webp',
        description: 'Gone.',
        stock: 0,
        status: 'New',
        categoryId: guitars,
      })
      .returning()
    const id = soldOut?.id as number
    expect(
      (await t.request('POST', `/instruments/${id}/alerts`, { token: shopper.token })).status,
    ).toBe(200)
    const rows = rowsOf(await exportCsv())
    const row = rows.find((r) => r[0] === String(id)) as string[]
    row[6] = '5'
    expect((await sendCsv('/instruments/import', stringify([rows[0], row]))).status).toBe(200)
    const mails = (await t.outbox()).filter((m) => m.to === shopper.email)
    expect(mails.map((m) => m.subject)).toEqual(['Back in stock: Sold out Martin'])
  })
})

describe('a CSV with bad rows', () => {
  it('is refused whole, each bad row named with its line and field, and nothing changes', async () => {
    const before = await catalogue()
    const audits = (await importRows()).length
    const [header, first, second] = rowsOf(await exportCsv()) as [string[], string[], string[]]
    const cell = (row: string[], column: string, value: string) => {
      const copy = [...row]
      copy[header.indexOf(column)] = value
      return copy
    }
    const newRow = cell(cell(first, 'id', ''), 'name', 'A good new one')
    const csv = stringify([
      header, // line 1
      cell(first, 'description', 'two\nlines'), // lines 2-3: good
      cell(second, 'price', 'cheap'), // 4
      newRow, // 5: good
      cell(cell(newRow, 'status', 'Broken'), 'name', ''), // 6: two problems
      cell(newRow, 'category', 'No such category'), // 7
      cell(first, 'id', '999999'), // 8
      cell(second, 'stock', '-1'), // 9: a spreadsheet's "-1" has no quote to take off
      first.slice(0, 3), // 10
      cell(first, 'stock', '3'), // 11: id of line 2 again
    ])
    const problems = [
      { line: 4, field: 'price', error: 'Required' },
      { line: 6, field: 'name', error: 'Required' },
      { line: 6, field: 'status', error: 'Required' },
      { line: 7, field: 'category', error: 'no such category' },
      {
        line: 8,
        field: 'id',
        error: 'no instrument has id 999999 (leave id empty to add a new one)',
      },
      { line: 9, field: 'stock', error: expect.stringMatching(/>=0|greater|too small/i) },
      { line: 10, field: 'row', error: 'has 3 cells where the header has 11' },
      { line: 11, field: 'id', error: `instrument ${first[0]} is on line 2 too` },
    ]
    for (const [path, outcome] of [
      ['/instruments/import/check', 'The file cannot be imported'],
      ['/instruments/import', 'Nothing was imported'],
    ]) {
      const answer = await sendCsv(path as string, csv)
      expect(answer.status).toBe(422)
      expect(answer.body.error).toBe(`${outcome}: 7 lines have problems`)
      expect(answer.body.problems).toEqual(problems)
    }
    expect(await catalogue()).toEqual(before)
    expect(await importRows()).toHaveLength(audits)
  })

  it('names a header problem on line 1, and a file that is not CSV', async () => {
    const bad = await sendCsv('/instruments/import/check', 'id,name,colour\n1,x,red\n')
    expect(bad.status).toBe(422)
    expect(bad.body.problems).toEqual(
      expect.arrayContaining([
        { line: 1, field: 'colour', error: expect.stringContaining('is not a column') },
        { line: 1, field: 'brand', error: 'is missing from the header' },
      ]),
    )
    const broken = await sendCsv('/instruments/import/check', 'name\n"never closed\n')
    expect(broken.body.problems).toEqual([
      { line: 2, field: 'file', error: expect.stringContaining('not readable CSV') },
    ])
    const empty = await sendCsv('/instruments/import/check', '\n\n')
    expect(empty.body.problems).toEqual([
      { line: 1, field: 'file', error: expect.stringContaining('empty') },
    ])
  })

  it('refuses a file that is not UTF-8 (400), naming it', async () => {
    const latin1 = Uint8Array.from(
      [...'name\nP', 0xe9, ...'rez\n'].map((c) => (typeof c === 'number' ? c : c.charCodeAt(0))),
    )
    expect(await sendCsv('/instruments/import/check', latin1)).toEqual({
      status: 400,
      body: { error: 'file: the file is not UTF-8 text; save the CSV as UTF-8', field: 'file' },
    })
  })

  it('refuses a file over 10 MB (413), another type (415), no file (400), and non-admins', async () => {
    const huge = 'x'.repeat(CSV_IMPORT_MAX_BYTES + 1)
    expect(await sendCsv('/instruments/import/check', huge)).toEqual({
      status: 413,
      body: {
        error: 'file: the CSV is larger than 10 MB; split it into several files',
        field: 'file',
      },
    })
    expect((await sendCsv('/instruments/import', 'name', { type: 'text/plain' })).status).toBe(415)
    expect((await sendCsv('/instruments/import', '')).body).toEqual({
      error: 'file: choose a CSV file to import',
      field: 'file',
    })
    const shopper = await t.makeAccount()
    expect((await sendCsv('/instruments/import', 'name', { token: shopper.token })).status).toBe(
      403,
    )
    expect((await t.api.request('/instruments/export.csv')).status).toBe(401)
    expect(
      (await t.api.request('/sales/export.csv', { headers: auth(shopper.token) })).status,
    ).toBe(403)
  })
})

describe('the sales export', () => {
  it('has a row per sale line, money in dollars, formulas neutralised', async () => {
    const [sale] = await t.db
      .insert(sales)
      .values({
        status: 'partially_refunded',
        cost: 250,
        refundedCents: 5000,
        cusName: '=cmd|"/c calc"!A1',
        cusEmail: 'a@example.com',
        cusPhone: '+54 11 3456 7890',
        cusAddress: 'Calle 1, piso 2',
        cusCity: 'Córdoba',
        cusCountry: 'Argentina',
        cusZip: '5000',
      })
      .returning()
    const saleId = sale?.id as number
    await t.db.insert(saleItems).values([
      {
        saleId,
        instrumentId: null,
        name: 'Old drum',
        brand: 'Ludwig',
        img: '/x',
        price: 100,
        count: 2,
        refunded: 1,
      },
      { saleId, instrumentId: null, name: 'Sticks', brand: 'Vic', img: '/x', price: 50, count: 1 },
    ])
    const rows = rowsOf(await exportCsv('/sales/export.csv'))
    expect(rows[0]).toEqual([
      'saleId',
      'createdAt',
      'status',
      'fulfilment',
      'cost',
      'refunded',
      'cus_name',
      'cus_email',
      'cus_phone',
      'cus_address',
      'cus_city',
      'cus_country',
      'cus_zip',
      'instrumentId',
      'name',
      'brand',
      'price',
      'count',
      'refundedUnits',
      'subtotal',
      'discount',
      'shipping',
      'tax',
      'taxIncluded',
      'discountCode',
      'shippingMethod',
      'lineDiscount',
      'lineTax',
    ])
    const lines = rows.filter((r) => r[0] === String(saleId))
    expect(lines.map((r) => [r[4], r[5], r[6], r[8], r[9], r[14], r[16], r[17], r[18]])).toEqual([
      [
        '250',
        '50.00',
        `'=cmd|"/c calc"!A1`,
        "'+54 11 3456 7890",
        'Calle 1, piso 2',
        'Old drum',
        '100',
        '2',
        '1',
      ],
      [
        '250',
        '50.00',
        `'=cmd|"/c calc"!A1`,
        "'+54 11 3456 7890",
        'Calle 1, piso 2',
        'Sticks',
        '50',
        '1',
        '0',
      ],
    ])
    expect(lines[0]?.[1]).toMatch(/^\d{4}-\d\d-\d\dT/)
    // A sale from before pricing: its cost was its subtotal, nothing else.
    expect(lines[0]?.slice(19)).toEqual([
      '250.00',
      '0.00',
      '0.00',
      '0.00',
      'true',
      '',
      '',
      '0.00',
      '0.00',
    ])
  })
})
