import type { Page } from '@playwright/test'
import { expect, signInPage, test } from '../fixtures'

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

test('a tap outside the open menu closes it and does nothing else', async ({ page }) => {
  await page.goto('/')
  const card = page.getByRole('link', { name: /Gibson/ }).first()
  await card.scrollIntoViewIfNeeded()
  const box = await card.boundingBox()
  if (!box) throw new Error('no card on the phone grid')
  const toggle = page.getByRole('button', { name: 'Menu' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height - 8)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(page).toHaveURL(/\/$/)
  // The same card answers the next tap: only the closing tap was swallowed.
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height - 8)
  await expect(page).toHaveURL(/\/instruments\/\d+$/)
})

test('the page does not scroll behind an open overlay, and is inert behind a dialog', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: /^Add to cart/ }).first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 250))
  const before = await scrollY(page)
  expect(before).toBe(250)

  await page.getByRole('button', { name: /^Filters/ }).click()
  const filters = page.getByRole('dialog', { name: 'Filters' })
  await expect(filters).toBeVisible()
  const inertAddToCart = page.locator('[inert] [aria-label^="Add to cart"]')
  await expect(inertAddToCart.first()).toBeAttached()
  await expect(page.locator('.site-header')).toHaveJSProperty('inert', true)
  await page.mouse.move(200, 600)
  await page.mouse.wheel(0, 600)
  await expect(filters).toBeVisible()
  expect(await scrollY(page)).toBe(before)
  await page.keyboard.press('Escape')
  await expect(filters).toBeHidden()
  await expect(inertAddToCart).toHaveCount(0)

  const toggle = page.getByRole('button', { name: 'Menu' })
  await toggle.click()
  await page.mouse.wheel(0, 600)
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  expect(await scrollY(page)).toBe(before)
})

test('a toast sits under the navigation bar and its close button is a 44 px target', async ({
  page,
  user,
}) => {
  await signInPage(page, user)
  await page.goto('/instruments/2')
  await page.getByRole('button', { name: /^Add to cart/ }).click()
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Added to cart' })
  await expect(toast).toBeVisible()
  const bar = await page.locator('.site-header').boundingBox()
  // Polled: the toast slides down into its place.
  await expect
    .poll(async () => (await toast.boundingBox())?.y)
    .toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0))
  const close = await toast.getByRole('button', { name: /close/i }).boundingBox()
  expect(close?.width).toBeGreaterThanOrEqual(44)
  expect(close?.height).toBeGreaterThanOrEqual(44)
})

test('an open panel comes back only on a reload of the same page', async ({ page }) => {
  await page.goto('/aboutUs')
  const cart = page.getByRole('dialog', { name: 'Shopping cart' })
  await page.getByRole('button', { name: /^Cart/ }).click()
  await expect(cart).toBeVisible()
  await page.reload()
  await expect(cart).toBeVisible()

  await page.goto('/favorites')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(cart).toBeHidden()
  await page.getByRole('button', { name: /^Cart/ }).click()
  await expect(cart).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/aboutUs$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(cart).toBeHidden()

  await page.goto('/login')
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeHidden()
})

test('the menu of a scrolled page opens where the shopper is, and its Sign In panel closes back there', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: /^Add to cart/ }).first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 600))
  await page.getByRole('button', { name: 'Menu' }).tap()
  const signIn = page.locator('#site-menu').getByRole('button', { name: 'Sign In' })
  // Not scrolled to by the test: a person sees the menu under the bar or cannot tap it at all.
  await expect(signIn).toBeInViewport()
  await signIn.tap()
  const panel = page.getByRole('dialog', { name: 'Sign In' })
  await expect(panel).toBeVisible()
  expect(await scrollY(page)).toBe(600)
  await panel.getByRole('button', { name: 'Close' }).tap()
  await expect(panel).toBeHidden()
  expect(await scrollY(page)).toBe(600)
})

test("the Sign In panel's Close stays under the finger while its form arrives", async ({
  page,
}) => {
  // The form is its own chunk: hold it so the panel opens with only its frame.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/login-form-*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  await expect(page.locator('html[data-started]')).toBeAttached()
  await page.getByRole('button', { name: 'Menu' }).tap()
  await page.locator('#site-menu').getByRole('button', { name: 'Sign In' }).tap()
  const panel = page.getByRole('dialog', { name: 'Sign In' })
  const close = panel.getByRole('button', { name: 'Close' })
  await expect(panel.getByText('Loading…')).toBeVisible()
  const before = await close.boundingBox()
  release()
  await expect(panel.getByRole('textbox', { name: 'userName' })).toBeVisible()
  expect(await close.boundingBox()).toEqual(before)
})

test('a reload and the back button bring the shopper back to where they were', async ({ page }) => {
  const started = page.locator('html[data-started]')
  await page.goto('/')
  await expect(started).toBeAttached()
  await page.evaluate(() => window.scrollTo(0, 900))
  await page.reload()
  await expect(started).toBeAttached()
  await expect.poll(() => scrollY(page)).toBe(900)

  await page.evaluate(() => window.scrollTo(0, 700))
  await page
    .getByRole('link', { name: /Epiphone SG/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/instruments\/\d+$/)
  await expect.poll(() => scrollY(page)).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => scrollY(page)).toBe(700)
})
