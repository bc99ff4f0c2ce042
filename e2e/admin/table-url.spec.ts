import { expect, test } from '../fixtures'
import { apiCreateCategory, apiCreateInstrument, openBackOffice, unique } from './admin-helpers'

// A back-office table's page, sort and search are in the URL.

test("a table's page, sort and search survive a reload, and Back returns to the page before", async ({
  page,
  admin,
  request,
}) => {
  // 30 instruments only this test's search finds: two pages of 25.
  const tag = unique('Pager')
  const category = await apiCreateCategory(request, admin.token, unique('Pager Cat'))
  const numbers = Array.from({ length: 30 }, (_, n) => String(n + 1).padStart(2, '0'))
  for (const number of numbers) {
    await apiCreateInstrument(request, admin.token, { name: `${tag} ${number}`, category })
  }
  const newestFirst = numbers.map((number) => `${tag} ${number}`).reverse()

  await openBackOffice(page, admin, 'instruments')
  const search = page.getByLabel('Search instruments by name')
  const nameHeader = page.getByRole('columnheader', { name: /^Name/ })
  const names = page
    .getByRole('table', { name: 'Instrument list' })
    .locator('td[data-label="Name"]')
  await search.fill(tag)
  await expect(page.getByText('Page 1 of 2 · 30 rows')).toBeVisible()
  await nameHeader.getByRole('button').click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
  await nameHeader.getByRole('button').click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(names).toHaveText(newestFirst.slice(0, 25))
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 2 · 30 rows')).toBeVisible()
  await expect(names).toHaveText(newestFirst.slice(25))

  await page.reload()
  await expect(page.getByText('Page 2 of 2 · 30 rows')).toBeVisible()
  await expect(names).toHaveText(newestFirst.slice(25))
  await expect(search).toHaveValue(tag)
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')

  await page.goBack()
  await expect(page.getByText('Page 1 of 2 · 30 rows')).toBeVisible()
  await expect(names).toHaveText(newestFirst.slice(0, 25))
  await expect(search).toHaveValue(tag)
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
})
