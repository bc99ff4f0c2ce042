import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { openBackOffice } from '../admin/admin-helpers'
import { bearer, createUser, expect, signInPage, test } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'
import { paidOrder } from '../order-kit'
import { expectAccessible } from './axe-kit'

// The order page (/user/orders/{id}) at 1280 px (desktop project) and 390 px (phone project),
// and the back office's moves that fill it. axe takes a few seconds a screen on a shared machine.
test.describe.configure({ timeout: 120_000 })

async function adminMove(request: APIRequestContext, token: string, path: string, data: object) {
  const moved = await request.post(`/api/sales/${path}`, {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data,
  })
  expect(moved.ok(), await moved.text()).toBeTruthy()
}

/** Every link and button in the page's main part is at least 44 px high and wide. */
async function expectTouchTargets(page: Page) {
  const small = await page
    .locator('main')
    .locator('a:visible, button:visible')
    .evaluateAll((controls) =>
      controls
        .map((c) => ({ text: c.textContent?.trim(), box: c.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44 || box.width < 44)
        .map(({ text, box }) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`),
    )
  expect(small, 'touch targets under 44 px').toEqual([])
}

test('the order page shows lines, payment, tracking link, refunds and timeline', async ({
  page,
  request,
  user,
  admin,
}) => {
  const { saleId, guitar } = await paidOrder(request, admin.token, user)
  await adminMove(request, admin.token, `${saleId}/shipment`, {
    carrier: 'DHL',
    trackingNumber: 'JD0146000',
    trackingUrl: 'https://dhl.example/track/JD0146000',
  })
  await adminMove(request, admin.token, `${saleId}/refunds`, {
    lines: [{ instrumentId: guitar.id, count: 1 }],
    reason: 'One arrived with a cracked neck',
    restock: true,
  })

  await signInPage(page, user)
  await page.goto('/user/Profile')
  await page.getByRole('link', { name: `Order ${saleId}` }).click()
  await expect(page).toHaveURL(`/user/orders/${saleId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Order #${saleId}` })).toBeVisible()

  const main = page.getByRole('main')
  await expect(main.getByText('partially refunded', { exact: true }).first()).toBeVisible()
  await expect(main.getByRole('row', { name: new RegExp(guitar.name) })).toContainText('$310')
  await expect(main.getByRole('row', { name: /Total/ })).toContainText('$620')
  const track = main.getByRole('link', { name: /Track your parcel/ })
  await expect(track).toHaveAttribute('href', 'https://dhl.example/track/JD0146000')
  const refunds = page.getByRole('region', { name: 'Refunds' })
  await expect(refunds).toContainText('One arrived with a cracked neck')
  await expect(refunds).toContainText('$310')
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem')
  await expect(timeline).toHaveCount(4)
  await expect(timeline.nth(2)).toContainText('Shipped')
  await expect(timeline.nth(3)).toContainText('Refunded')

  await expectNoSidewaysScroll(page)
  await expectTouchTargets(page)
  await expectAccessible(page, 'the order page')
})

test("another shopper's order is the not-found page", async ({ page, request, user, admin }) => {
  const { saleId } = await paidOrder(request, admin.token, user)
  const stranger = await createUser(request)
  const asked = await request.get(`/api/sales/${saleId}`, { headers: bearer(stranger.token) })
  expect(asked.status()).toBe(404)
  await signInPage(page, stranger)
  await page.goto(`/user/orders/${saleId}`)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByText('Ana Pérez')).toHaveCount(0)
  await expectAccessible(page, "another shopper's order")
})

test('the back office moves: Detalles with its moves, the ship and refund dialogs', async ({
  page,
  request,
  user,
  admin,
}) => {
  const { saleId, guitar } = await paidOrder(request, admin.token, user)
  await openBackOffice(page, admin, 'historyshops')
  await page.getByLabel('Filter by status').selectOption('succeeded')
  // Other journeys leave many sales: this one by its own instrument (the table draws a window).
  await page.getByLabel('Search sales by instrument name').fill(guitar.name)
  await page.getByRole('button', { name: `Detalles of sale ${saleId}` }).click()
  const details = page.getByRole('dialog', { name: 'Datos Historyshop' })
  await expect(details.getByRole('button', { name: 'Ship' })).toBeVisible()
  await expectAccessible(page, 'Detalles with its moves')

  await details.getByRole('button', { name: 'Refund' }).click()
  const refund = page.getByRole('dialog', { name: `Refund sale ${saleId}` })
  await expect(refund).toBeVisible()
  await expectAccessible(page, 'the refund dialog')
  await refund.getByRole('button', { name: 'Cancelar' }).click()

  await details.getByRole('button', { name: 'Ship' }).click()
  const ship = page.getByRole('dialog', { name: `Ship sale ${saleId}` })
  await ship.getByLabel(/Carrier/).fill('DHL')
  await ship.getByLabel(/Tracking number/).fill('JD0146001')
  await ship.getByRole('button', { name: 'Ship' }).click()
  await expect(ship).toBeHidden()
  await expect(details.getByRole('button', { name: 'Mark delivered' })).toBeVisible()
  await expect(details.getByText('shipped', { exact: true }).first()).toBeVisible()
})
