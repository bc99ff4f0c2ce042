import { apiCreateCategory, openBackOffice, unique } from '../admin/admin-helpers'
import { bearer, expect, test } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'
import { expectAccessible } from './axe-kit'

// The Audit tab at the project's width (1280 px desktop, 390 px phone): an admin's
// writes are listed with who, what and the fields before and after; axe finds nothing.

test.describe.configure({ timeout: 120_000 })

test('the Audit tab lists the writes, filters them, and is accessible', async ({
  page,
  admin,
  request,
}) => {
  const name = unique('Audit Harps')
  const id = await apiCreateCategory(request, admin.token, name)
  const ban = await request.put('/api/category', {
    data: { id, name, isBanned: true },
    headers: bearer(admin.token),
  })
  expect(ban.ok(), await ban.text()).toBeTruthy()

  await openBackOffice(page, admin, 'audit')
  const table = page.getByRole('table', { name: 'Audit trail, newest first' })
  const edit = table
    .getByRole('row')
    .filter({ hasText: `category #${id}` })
    .first()
  await expect(edit).toContainText('Category edited')
  await expect(edit).toContainText('admin')
  await expect(edit.locator('td[data-label="Before"]')).toHaveText(/^isBanned\s*false$/)
  await expect(edit.locator('td[data-label="After"]')).toHaveText(/^isBanned\s*true$/)
  await expectNoSidewaysScroll(page)
  await expectAccessible(page, 'the Audit tab')
  await page.screenshot({ path: test.info().outputPath('audit.png'), fullPage: true })

  await page.getByLabel('Kind').selectOption('category.create')
  const created = table.getByRole('row').filter({ hasText: `category #${id}` })
  await expect(created).toHaveCount(1)
  await expect(created).toContainText('Category created')
  await expect(created.locator('td[data-label="After"]')).toContainText(`name${name}`)
  await expect(table.getByText('Category edited')).toHaveCount(0)
  await expectAccessible(page, 'the Audit tab filtered')
})
