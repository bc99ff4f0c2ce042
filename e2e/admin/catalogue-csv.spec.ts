import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { expectAccessible } from '../accessibility/axe-kit'
import { stockOf } from '../cart/cart-kit'
import { bearer, expect, test, toastWith } from '../fixtures'
import { goToTab, openBackOffice, unique } from './admin-helpers'

// The catalogue in bulk in the browser: Export CSV downloads the catalogue, Import
// CSV checks a file at once (problems by line, or what it would do) and imports it; the sales
// export in Historyshops. Each file holds only this test's own rows: other journeys run beside it.
test.describe.configure({ timeout: 120_000 })

test('export, then import a file: its problems by line, then the import', async ({
  page,
  admin,
  user,
  request,
}) => {
  const name = unique('=E2E CSV guitar')
  const created = await request.post('/api/instruments', {
    headers: bearer(admin.token),
    data: {
      name,
      brand: 'Csvwright',
      price: 321.5,
      img: '/images/instruments/fender-player-stratocaster.svg',
      description: 'Made for the CSV journey, with a comma, and "quotes".',
      stock: 2,
      status: 'New',
      category: 1,
    },
  })
  expect(created.ok(), await created.text()).toBeTruthy()
  const { instrument } = (await created.json()) as { instrument: { id: number } }

  await openBackOffice(page, admin)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^instruments-\d{4}-\d\d-\d\d\.csv$/)
  const exported = await readFile((await download.path()) as string, 'utf8')
  const [header, ...rows] = parse(exported, { bom: true }) as string[][]
  const own = rows.find((r) => r[0] === String(instrument.id)) as string[]
  expect(own[1]).toBe(`'${name}`)
  const file = (rows: string[][]) => ({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify([header as string[], ...rows])),
  })
  const cell = (row: string[], column: string, value: string) =>
    row.map((c, i) => (header?.[i] === column ? value : c))

  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import instruments from CSV' })
  const status = dialog.getByRole('status')
  const chooser = dialog.getByLabel('CSV file')
  await chooser.setInputFiles(file([own]))
  await expect(status).toHaveText(
    'Nothing to change: the file matches the catalogue (1 unchanged).',
  )
  await expectAccessible(page, 'the import dialog')

  const added = cell(cell(own, 'id', ''), 'name', unique('E2E CSV new'))
  await chooser.setInputFiles(file([cell(own, 'price', 'cheap'), cell(added, 'category', 'Nope')]))
  await expect(status).toHaveText('The file cannot be imported: 2 lines have problems')
  const problems = dialog.getByRole('table', { name: 'Problems in the file, by line' })
  await expect(problems.getByRole('row')).toHaveText([
    'LineColumnProblem',
    '2priceRequired',
    '3categoryno such category',
  ])
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  await expectAccessible(page, 'the import dialog with problems')

  await chooser.setInputFiles(file([cell(own, 'stock', '7'), added]))
  await expect(status).toHaveText('Ready: 1 new, 1 updated, 0 unchanged.')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(toastWith(page, 'Catalogue imported', '1 new, 1 updated, 0 unchanged')).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(await stockOf(request, instrument.id)).toBe(7)

  const paid = await request.post('/api/payment', {
    headers: { ...bearer(user.token), 'Idempotency-Key': randomUUID() },
    data: {
      id: 'pm_card_visa',
      items: [{ id: instrument.id, count: 1 }],
      userInfo: {
        cus_name: '=E2E buyer',
        cus_email: user.email,
        cus_phone: '3001234567',
        cus_address: 'Calle 1, piso 2',
        cus_city: 'Bogotá',
        cus_country: 'Colombia',
        cus_zip: '110111',
      },
    },
  })
  expect(paid.ok(), await paid.text()).toBeTruthy()
  await goToTab(page, 'Historyshops')
  const sales = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export sales CSV' }).click()
  const salesFile = await readFile((await (await sales).path()) as string, 'utf8')
  const saleLines = parse(salesFile, { bom: true }) as string[][]
  expect(saleLines.find((r) => r[13] === String(instrument.id))?.slice(6, 10)).toEqual([
    "'=E2E buyer",
    user.email,
    '3001234567',
    'Calle 1, piso 2',
  ])
  expect(salesFile.split('\n')[0]).toBe(
    '\uFEFFsaleId,createdAt,status,fulfilment,cost,refunded,cus_name,cus_email,cus_phone,cus_address,cus_city,cus_country,cus_zip,instrumentId,name,brand,price,count,refundedUnits,subtotal,discount,shipping,tax,taxIncluded,discountCode,shippingMethod,lineDiscount,lineTax',
  )
})
