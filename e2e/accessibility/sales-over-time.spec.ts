import { openBackOffice } from '../admin/admin-helpers'
import { bearer, expect, test } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'
import { paidOrder } from '../order-kit'
import { expectAccessible } from './axe-kit'

// Historyshops' Sales over time at 1280 px (desktop project) and 390 px (phone project): a paid
// order with a refunded unit, then the view's totals, chart, figures and top instruments, axe
// clean, no sideways scroll. A screenshot of each width is attached to the run.
test.describe.configure({ timeout: 120_000 })

test('Sales over time draws the period, its figures and the top instruments', async ({
  page,
  request,
  user,
  admin,
}) => {
  // Priced above what the other journeys sell in a day: the top list keeps 10 of a shared shop.
  const { saleId, guitar } = await paidOrder(request, admin.token, user, { price: 2480 })
  const refunded = await request.post(`/api/sales/${saleId}/refunds`, {
    headers: bearer(admin.token),
    data: { lines: [{ instrumentId: guitar.id, count: 1 }], reason: 'Cracked neck', restock: true },
  })
  expect(refunded.ok(), await refunded.text()).toBeTruthy()

  await openBackOffice(page, admin, 'historyshops')
  await page.getByRole('button', { name: 'Sales over time' }).click()
  const view = page.getByRole('region', { name: 'Sales over time' })
  await expect(view.getByRole('figure', { name: 'Revenue per day' })).toBeVisible()
  await expect(view.getByRole('figure', { name: 'Revenue per day' }).locator('svg')).toBeVisible()
  const top = view.getByRole('figure', { name: 'Top instruments by revenue' })
  await expect(top.getByRole('listitem').filter({ hasText: guitar.name })).toContainText('$2,480')

  await expectNoSidewaysScroll(page)
  await expectAccessible(page, 'Sales over time')
  await page.screenshot({ path: test.info().outputPath('sales-over-time.png'), fullPage: true })

  await view.locator('summary', { hasText: 'Figures per day' }).click()
  await expect(view.getByRole('table', { name: 'Figures per day' })).toBeVisible()
  await view.getByRole('button', { name: 'Average order' }).click()
  await expect(view.getByRole('figure', { name: 'Average order per day' })).toBeVisible()
  await view.getByRole('combobox', { name: 'By' }).selectOption('week')
  await expect(view.getByRole('figure', { name: 'Average order per week' })).toBeVisible()
  await expectAccessible(page, 'Sales over time with its figures per week')
})
