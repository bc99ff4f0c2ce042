import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { bearer } from '../fixtures'

/** An instrument of this test's own, so parallel journeys never share its stock. */
export async function createInstrument(
  request: APIRequestContext,
  adminToken: string,
  { stock, price }: { stock: number; price: number },
) {
  const name = `E2E Cart Guitar ${randomBytes(3).toString('hex')}`
  const created = await request.post('/api/instruments', {
    headers: bearer(adminToken),
    data: {
      name,
      brand: 'Cartwright',
      price,
      img: '/images/instruments/fender-player-stratocaster.svg',
      description: 'A guitar made for the cart journeys.',
      stock,
      status: 'New',
      category: 1,
    },
  })
  expect(created.ok(), await created.text()).toBeTruthy()
  const list = (await (await request.get('/api/instruments')).json()) as {
    id: number
    name: string
  }[]
  const found = list.find((i) => i.name === name)
  if (!found) throw new Error(`${name} was not created`)
  return { id: found.id, name }
}

export async function stockOf(request: APIRequestContext, id: number) {
  return ((await (await request.get(`/api/instruments/${id}`)).json()) as { stock: number }).stock
}

export async function fillCustomer(page: Page) {
  // Scoped: the footer's newsletter has an 'email' field of its own.
  const form = page.locator('form.checkout-form')
  await form.getByLabel('Name', { exact: true }).fill('Ana Pérez')
  await form.getByLabel('Email', { exact: true }).fill('ana@example.com')
  await form.getByLabel('Phone').fill('11 3456 7890')
  await form.getByLabel('Address (Street)').fill('Calle Falsa 123')
  await form.getByLabel('City').fill('Córdoba')
  await form.getByLabel('Country').fill('Argentina')
  await form.getByLabel('Zip').fill('5000')
}

export async function fillTestCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVC').fill('123')
}

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart \d/ })

/** The shopper's own sales as the API answers them (GET /api/transactions/user). */
export async function salesOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/transactions/user', { headers: bearer(token) })
  expect(res.ok(), await res.text()).toBeTruthy()
  return (await res.json()) as { id: number; status: string; instrument: { name: string }[] }[]
}
