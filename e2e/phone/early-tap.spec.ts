import { test as base, expect, type Page } from '@playwright/test'
import { createUser, signInPage } from '../fixtures'

// A tap made as soon as `Add to cart` shows, while the app is still on its way: it must count
// exactly once when the app arrives (src/early-taps.js keeps it, src/lib/early-taps.ts
// replays it). The plain Playwright page, not the fixture's: that one waits for the app.
const test = base

/** A slow phone: 4x CPU, 1.6 Mbps, 150 ms; the app's entry is held until `release()`. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  // Held, so the tap is sure to come before the app, however fast this machine is.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

async function inStockInstrument(page: Page) {
  const res = await page.request.get('/api/instruments?page=1')
  const { items } = (await res.json()) as { items: { id: number; name: string; stock: number }[] }
  const instrument = items.find((item) => item.stock > 1)
  if (!instrument) throw new Error('no instrument in stock')
  return instrument
}

const appStarted = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-started'))

test('signed in: a tap on Add to cart before the app runs puts exactly one unit in the cart', async ({
  page,
  request,
}) => {
  await signInPage(page, await createUser(request))
  const instrument = await inStockInstrument(page)
  const release = await slowPhone(page)
  await page.goto(`/instruments/${instrument.id}`, { waitUntil: 'commit' })
  const addToCart = page.getByRole('button', { name: `Add to cart: 1 ${instrument.name}` })
  await addToCart.tap()
  expect(await appStarted(page)).toBe(false)
  release()

  const badge = page.getByRole('button', { name: /^Cart \d+ items?$/ })
  await expect(badge).toHaveAccessibleName('Cart 1 item')
  await expect(page.locator('html[data-started]')).toBeAttached()
  await page.waitForLoadState('networkidle')
  await expect(badge).toHaveAccessibleName('Cart 1 item')
  expect(await page.evaluate(() => localStorage.getItem('quanTities'))).toBe('1')
})

test('signed out: a tap on Add to cart before the app runs opens the Sign In panel', async ({
  page,
}) => {
  const release = await slowPhone(page)
  await page.goto('/', { waitUntil: 'commit' })
  const addToCart = page.getByRole('button', { name: /^Add to cart/ }).first()
  await addToCart.tap()
  expect(await appStarted(page)).toBe(false)
  release()
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
})
