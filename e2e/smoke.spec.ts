import { expect, test } from './fixtures'

test('the shop serves its storefront and its seeded catalogue', async ({ page, request }) => {
  const res = await request.get('/api/instruments')
  expect(res.ok()).toBeTruthy()
  const instruments = (await res.json()) as unknown[]
  expect(instruments.length).toBeGreaterThanOrEqual(40)

  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
})

test('an unknown page shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByText('Page not found')).toBeVisible()
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
  await page.getByRole('link', { name: 'Go home' }).click()
  await expect(page).toHaveURL(/^[^?]+:\d+\/(\?.*)?$/)
})

test('an unknown API path answers JSON 404, not the SPA', async ({ request }) => {
  const res = await request.get('/api/no-such-endpoint')
  expect(res.status()).toBe(404)
  expect(await res.json()).toHaveProperty('error')
})
