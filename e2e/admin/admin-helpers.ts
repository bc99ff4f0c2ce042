import { randomBytes } from 'node:crypto'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { bearer, signInPage } from '../fixtures'

/** A name no other run or worker uses. */
export const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`

/** Opens the back office on `tab` as the seeded admin. */
export async function openBackOffice(
  page: Page,
  admin: { token: string; userName: string },
  tab = 'instruments',
) {
  await signInPage(page, admin)
  await page.goto(`/admin?tab=${tab}`)
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible()
}

export async function goToTab(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: label })
    .click()
  // The link turns current at the click; the tab itself shows once its data has loaded, and a
  // create form opened on the old tab in between would close with it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label)
  await expect(page.locator('.admin-panel')).toHaveAttribute('aria-busy', 'false')
}

/** A signed-out shopper in a browser context of their own (an admin is sent to /admin). */
export async function shopperPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  return context.newPage()
}

/** Confirms the edit modal's 'Actualizar' and its 'Seguro que deseas actualizar' question. */
export async function saveEdit(page: Page, kind: string) {
  await page
    .getByRole('dialog', { name: `Datos ${kind}` })
    .getByRole('button', { name: 'Actualizar' })
    .click()
  await page
    .getByRole('alertdialog', { name: `Seguro que deseas actualizar ${kind}` })
    .getByRole('button', { name: 'Actualizar' })
    .click()
}

export async function apiCreateCategory(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/category', { data: { name }, headers: bearer(token) })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { category: { id: number } }).category.id
}

export async function apiCreateInstrument(
  request: APIRequestContext,
  token: string,
  fields: { name: string; category: number; stock?: number; price?: number },
) {
  const res = await request.post('/api/instruments', {
    headers: bearer(token),
    data: {
      brand: 'E2E Brand',
      price: 100,
      stock: 5,
      img: '/images/instruments/fender-player-stratocaster.svg',
      description: 'Made by the back-office journeys',
      status: 'New',
      ...fields,
    },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { instrument: { id: number } }).instrument.id
}
