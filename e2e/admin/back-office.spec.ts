import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { decodeJwt } from 'jose'
import type { Sale } from '../../contract/sales'
import { bearer, expect, test, toastWith } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'
import {
  apiCreateCategory,
  apiCreateInstrument,
  goToTab,
  openBackOffice,
  saveEdit,
  shopperPage,
  unique,
} from './admin-helpers'

// The back office's journeys, as the seeded admin on the built app.

test('a new category and instrument made in the forms reach the storefront', async ({
  page,
  admin,
  browser,
}) => {
  const categoryName = unique('E2E Cat')
  const instrumentName = unique('E2E Theremin')
  await openBackOffice(page, admin, 'categories')

  await page.getByRole('button', { name: 'Create' }).click()
  const categoryForm = page.getByRole('region', { name: 'Registrar una nueva Category' })
  await categoryForm.getByLabel('name').fill(categoryName)
  await categoryForm.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page.getByText('Category created successfully')).toBeVisible()
  await expect(categoryForm).toBeHidden()
  await expect(page.getByRole('cell', { name: categoryName, exact: true })).toBeVisible()

  await goToTab(page, 'Instruments')
  await page.getByRole('button', { name: 'Create' }).click()
  const form = page.getByRole('region', { name: 'Product creation form' })
  await form.getByLabel('name').fill(instrumentName)
  await form.getByLabel('brand').fill('Moog')
  await form.getByLabel('category').selectOption({ label: categoryName })
  await form.getByLabel('price').fill('1499')
  await form.getByLabel(/^stock/).fill('3')
  await form.getByLabel('status').selectOption('New')
  await form.getByLabel('image URL').fill('/images/instruments/fender-player-stratocaster.svg')
  await form.getByLabel('description').fill('An instrument played without touching it')
  await form.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page.getByText('Instrument created successfully')).toBeVisible()
  await page.getByLabel('Search instruments by name').fill(instrumentName)
  await expect(page.getByRole('cell', { name: instrumentName, exact: true })).toBeVisible()

  const shopper = await shopperPage(browser)
  await shopper.goto(`/?name=${encodeURIComponent(instrumentName)}`)
  await expect(
    shopper.getByRole('article').getByRole('heading', { name: instrumentName }),
  ).toBeVisible()
  await expect(shopper.getByRole('radio', { name: categoryName })).toBeVisible()
  await shopper.context().close()
})

test('banning a category hides it and its instruments from shoppers', async ({
  page,
  admin,
  browser,
  request,
}) => {
  const categoryName = unique('E2E Banned Cat')
  // A name no other journey's instrument is close to: the search forgives typos.
  const instrumentName = unique('Banned Zither')
  const categoryId = await apiCreateCategory(request, admin.token, categoryName)
  await apiCreateInstrument(request, admin.token, { name: instrumentName, category: categoryId })
  await openBackOffice(page, admin, 'categories')
  await page.getByRole('searchbox', { name: /^Search / }).fill(categoryName)
  await page.getByRole('button', { name: `Edit ${categoryName}` }).click()
  await page
    .getByRole('dialog', { name: 'Datos Category' })
    .getByLabel('isBanned')
    .selectOption('true')
  await saveEdit(page, 'Category')
  await expect(page.getByText('Category updated successfully')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Datos Category' })).toBeHidden()
  await expect(page.getByRole('row', { name: new RegExp(categoryName) })).toContainText('true')

  const shopper = await shopperPage(browser)
  await shopper.goto(`/?name=${encodeURIComponent(instrumentName)}`)
  await expect(shopper.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
  await expect(shopper.getByText('Instrument not found').first()).toBeVisible()
  await expect(
    shopper.getByRole('article').getByRole('heading', { name: instrumentName }),
  ).toHaveCount(0)
  // The categories load apart from the grid: no radio at all while their skeleton shows.
  const filters = shopper.getByRole('complementary', { name: 'Filters' })
  await expect(filters.getByRole('radio', { name: 'All', exact: true })).toBeVisible()
  await expect(filters.getByRole('radio', { name: categoryName })).toHaveCount(0)
  await shopper.context().close()
})

test("a banned user is told 'You were banned!' at login", async ({
  page,
  admin,
  user,
  browser,
  request,
}) => {
  await openBackOffice(page, admin, 'users')
  await page.getByLabel('Search users by userName').fill(user.userName)
  await page.getByRole('button', { name: `Edit ${user.userName}` }).click()
  const modal = page.getByRole('dialog', { name: 'Datos User' })
  await expect(modal.getByLabel('userName')).toHaveAttribute('readonly', '')
  await modal.getByLabel('rol').selectOption('banned')
  await saveEdit(page, 'User')
  await expect(page.getByText('The user was updated successfully')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(user.userName) })).toContainText('banned')

  // The server's side: the account now signs in with a banned token only.
  const login = await request.post('/api/auth/login', {
    data: { userName: user.userName, password: user.password },
  })
  expect(login.ok()).toBeTruthy()
  expect(decodeJwt(((await login.json()) as { token: string }).token).user_rol).toBe('banned')

  const shopper = await shopperPage(browser)
  await shopper.goto('/login')
  await shopper.getByLabel('userName').fill(user.userName)
  await shopper.getByLabel('Password').fill(user.password)
  await shopper.getByRole('button', { name: 'Log in' }).click()
  await expect(shopper.getByText('You were banned!')).toBeVisible()
  await shopper.context().close()
})

test('a purchase shows in the Historyshops summary, details and chart', async ({
  page,
  admin,
  user,
  request,
}) => {
  const sales = async () =>
    (await (
      await request.get('/api/transactions', { headers: bearer(admin.token) })
    ).json()) as Sale[]
  // Only paid sales count in the summary (other journeys leave failed and pending ones too).
  const before = (await sales()).filter((s) => s.status === 'succeeded')
  const instrumentName = unique('E2E Bestseller')
  const categoryId = await apiCreateCategory(request, admin.token, unique('E2E Sales'))
  const instrumentId = await apiCreateInstrument(request, admin.token, {
    name: instrumentName,
    category: categoryId,
    stock: 1000,
    price: 2,
  })
  const buyer = `Buyer ${user.userName}`
  const paid = await request.post('/api/payment', {
    headers: { ...bearer(user.token), 'Idempotency-Key': randomUUID() },
    data: {
      id: 'pm_card_visa',
      items: [{ id: instrumentId, count: 500 }],
      amount: 1000,
      userInfo: {
        cus_name: buyer,
        cus_email: user.email,
        cus_phone: '3001234567',
        cus_address: 'Calle 1',
        cus_city: 'Bogotá',
        cus_country: 'Colombia',
        cus_zip: '110111',
      },
    },
  })
  expect(paid.ok(), await paid.text()).toBeTruthy()

  await openBackOffice(page, admin, 'historyshops')
  const summary = page.getByRole('table', { name: 'Sales summary' }).getByRole('cell')
  await expect(summary).toHaveCount(4)
  // The sums load beside the table.
  await expect(page.getByRole('table', { name: 'Sales summary' })).not.toContainText('…')
  const [cash, shops, sold] = await summary.allInnerTexts()
  expect(Number(shops)).toBeGreaterThanOrEqual(before.length + 1)
  const soldBefore = before.flatMap((s) => s.instrument).reduce((n, i) => n + i.count, 0)
  expect(Number(sold)).toBeGreaterThanOrEqual(soldBefore + 500)
  const cashBefore = before.reduce((n, s) => n + s.cost, 0)
  expect(Number(cash?.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(cashBefore + 1000 - 0.01)

  await page.getByLabel('Search sales by instrument name').fill(instrumentName)
  const rows = page.getByRole('table', { name: 'Sales', exact: true }).getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(buyer)
  await expect(rows.nth(1)).toContainText('$1,000')
  await rows
    .nth(1)
    .getByRole('button', { name: /^Detalles/ })
    .click()
  const details = page.getByRole('dialog', { name: 'Datos Historyshop' })
  await expect(details.getByText(user.email)).toBeVisible()
  await expect(details.getByRole('table', { name: 'Instruments Shops' })).toContainText(
    instrumentName,
  )
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()

  await page.getByRole('button', { name: 'Estadistica' }).click()
  await expect(page.getByText('Instruments mas vendidos')).toBeVisible()
  await expect(page.getByRole('img', { name: /Instruments mas vendidos/ })).toBeVisible()
  await expect(page.getByText(new RegExp(`^${instrumentName}: \\d`))).toBeAttached()
  await expect(page.getByText('Porcentaje de venta').first()).toBeVisible()
})

/** Deletes a row of the open tab through its confirmation, and waits for the toast's texts. */
async function removeRow(page: Page, kind: string, row: string, texts: string[]) {
  // A table shows 25 rows a page: the admin finds the row first.
  await page.getByRole('searchbox', { name: /^Search / }).fill(row)
  await page.getByRole('button', { name: `Delete ${row}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Seguro que deseas eliminar ${kind}` })
  await expect(dialog.getByText('Se borrará de forma permanente')).toBeVisible()
  await dialog.getByRole('button', { name: 'Eliminar' }).click()
  // Title and description in one toast: sonner lists the newest first, and an earlier toast
  // with the same title may still be on screen (3 s).
  await expect(toastWith(page, ...texts)).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete ${row}` })).toHaveCount(0)
}

async function apiCreateAccount(request: APIRequestContext, token: string, rol: 'user' | 'admin') {
  const userName = unique(`doomed${rol}`).replace(' ', '_')
  const made = await request.post(rol === 'admin' ? '/api/admins/register' : '/api/users', {
    headers: bearer(token),
    data: {
      firstName: 'Doomed',
      lastName: rol,
      email: `${userName}@example.com`,
      userName,
      password: 'doomed123',
      rol,
    },
  })
  expect(made.ok(), await made.text()).toBeTruthy()
  return userName
}

test('a category with instruments cannot go; once empty, it and its instrument are deleted after asking', async ({
  page,
  admin,
  request,
}) => {
  const categoryName = unique('E2E Doomed')
  const categoryId = await apiCreateCategory(request, admin.token, categoryName)
  const instrumentName = unique('E2E Doomed Kazoo')
  await apiCreateInstrument(request, admin.token, { name: instrumentName, category: categoryId })

  await openBackOffice(page, admin, 'categories')
  await page.getByRole('button', { name: `Delete ${categoryName}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByText('Algo salio mal.', { exact: true })).toBeVisible()
  await expect(page.getByText('This category still has instruments')).toBeVisible()

  await goToTab(page, 'Instruments')
  await removeRow(page, 'Instrument', instrumentName, [
    'Eliminado!',
    'El instrumento ha sido eliminado',
  ])
  await goToTab(page, 'Categories')
  await removeRow(page, 'Category', categoryName, ['Se ha eliminado una Category'])
})

test('a user is deleted after asking', async ({ page, admin, request }) => {
  const userName = await apiCreateAccount(request, admin.token, 'user')
  await openBackOffice(page, admin, 'users')
  await removeRow(page, 'User', userName, ['Deleted!', 'El User se elimino con exito.'])
})

test('an admin is deleted after asking; the signed-in admin cannot delete themselves', async ({
  page,
  admin,
  request,
}) => {
  const adminName = await apiCreateAccount(request, admin.token, 'admin')
  await openBackOffice(page, admin, 'admins')
  await removeRow(page, 'Admin', adminName, ['Deleted!', 'The admin was succesfully deleted'])
  await page.getByRole('searchbox', { name: /^Search / }).fill('')
  await page.getByRole('button', { name: 'Delete admin', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByText('Error!', { exact: true })).toBeVisible()
  await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible()
})

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the back office works on a ${name} (${width} px)`, async ({ page, admin }) => {
    await page.setViewportSize({ width, height })
    await openBackOffice(page, admin)
    const labels = ['Instruments', 'Users', 'Categories', 'Admins', 'Historyshops', 'Profile']
    const nav = page.getByRole('navigation', { name: 'Back office' })
    for (const label of labels) await expect(nav.getByRole('link', { name: label })).toBeVisible()
    await expect(page.getByText('Welcome admin').last()).toBeVisible()

    // The page never scrolls sideways; a wide table scrolls inside its own box.
    await expectNoSidewaysScroll(page)
    const box = page.locator('.admin-table-scroll').first()
    expect((await box.boundingBox())?.height ?? 0).toBeLessThanOrEqual(500)

    const edit = page.getByRole('button', { name: /^Edit / }).first()
    await edit.scrollIntoViewIfNeeded()
    await edit.click()
    const modal = page.getByRole('dialog', { name: 'Datos Instrument' })
    await expect(modal).toBeVisible()
    const modalBox = await modal.boundingBox()
    expect(modalBox?.width).toBeLessThanOrEqual(Math.min(750, width) + 0.5)
    if (width >= 800) expect(modalBox?.width).toBeCloseTo(750, 0)
    await modal.getByRole('button', { name: 'Cancelar' }).click()
    await expect(modal).toBeHidden()

    await goToTab(page, 'Profile')
    const profile = page.getByRole('region', { name: 'Profile' })
    await expect(profile.getByText('admin', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible()

    await page
      .getByRole('region', { name: 'Admin back office' })
      .getByRole('button', { name: 'Log out' })
      .click()
    await expect(page).toHaveURL(/\/$/)
    expect(await page.evaluate(() => localStorage.getItem('dataUser'))).not.toContain('"token":"ey')
  })
}
