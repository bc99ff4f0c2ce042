import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../fixtures'

// index.html paints a boot shell (the signed-out header and the first banner) before any
// JavaScript runs; the app's first render replaces it. If the two drift apart, the page jumps
// when the app takes over: these journeys hold them box for box.

const bannerName = 'New season guitars: electric, acoustic and bass'

/** A signed-out visitor whose browser never gets the app's JavaScript: only the shell shows. */
async function shellOnly(browser: Browser, width: number) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width, height: 800 },
  })
  const page = await context.newPage()
  await page.route('**/assets/*.js', (route) => route.abort())
  return page
}

/**
 * Where the header, its parts and the first banner sit. By CSS class: the shell is hidden from
 * assistive technology, so roles would not find its copies.
 */
async function boxes(page: Page) {
  const parts = ['.site-header', '.logo', '.search-box', '.nav-actions', '.cart-badge']
  const found: Record<string, unknown> = {}
  for (const part of parts) found[part] = await page.locator(part).boundingBox()
  found.banner = await page
    .getByRole('img', { name: bannerName, includeHidden: true })
    .boundingBox()
  return found
}

for (const width of [390, 900, 1280]) {
  test(`at ${width} px the app's header and banner take the shell's place exactly`, async ({
    browser,
  }) => {
    const shell = await shellOnly(browser, width)
    await shell.goto('/')
    await expect(shell.getByRole('img', { name: bannerName, includeHidden: true })).toBeVisible()
    await expect(shell.getByRole('heading', { name: 'Our Instruments' })).toHaveCount(0)
    // A picture, not controls: nothing in it can be clicked or typed into and then lost.
    await expect(shell.getByRole('button', { name: 'Sign In' })).toHaveCount(0)
    await expect(shell.getByRole('searchbox')).toHaveCount(0)
    const painted = await boxes(shell)
    await shell.context().close()

    // Reduced motion keeps the carousel on its first slide while the boxes are read.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width, height: 800 },
      reducedMotion: 'reduce',
    })
    const app = await context.newPage()
    await app.goto('/')
    await expect(app.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
    // The carousel replaces the still first banner when its code arrives: measure after that.
    await expect(app.getByRole('button', { name: 'Next slide' })).toBeVisible()
    expect(await boxes(app)).toEqual(painted)
    await context.close()
  })
}

test('the shell shows the banner on the home page only, and nothing in the back office', async ({
  browser,
}) => {
  const shell = await shellOnly(browser, 1280)
  await shell.goto('/aboutUs')
  await expect(shell.getByRole('banner', { includeHidden: true })).toBeVisible()
  await expect(shell.getByRole('img', { name: bannerName, includeHidden: true })).toBeHidden()
  await shell.goto('/admin')
  await expect(shell.getByRole('banner', { includeHidden: true })).toBeHidden()
  await shell.context().close()
})

test("when the app's code cannot load, the shell says so and Try again recovers", async ({
  page,
}) => {
  await page.route('**/assets/app-*.js', (route) => route.abort())
  await page.goto('/')
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  await expect(alert).toContainText('The shop could not be loaded.')

  await page.unroute('**/assets/app-*.js')
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
})

test('the header never leaves the screen while the app takes over a slow page', async ({
  page,
}) => {
  // Flags any moment after the shell's header appeared when no header was in the page.
  await page.addInitScript(() => {
    const flags = window as unknown as { headerGone?: boolean }
    let seen = false
    new MutationObserver(() => {
      if (document.querySelector('.site-header')) seen = true
      else if (seen) flags.headerGone = true
    }).observe(document, { childList: true, subtree: true })
  })
  // A slow answer for the instrument the page waits for (a stand-in for a slow network).
  await page.route('**/api/instruments/1', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.goto('/instruments/1')
  await expect(page.getByText('/each one')).toBeVisible()
  expect(await page.evaluate(() => (window as { headerGone?: boolean }).headerGone)).toBeFalsy()
})

test("the shell's banner is a decoded image inlined in the page", async ({ browser }) => {
  const shell = await shellOnly(browser, 1280)
  await shell.goto('/')
  const banner = shell.getByRole('img', { name: bannerName, includeHidden: true })
  await expect(banner).toHaveAttribute('src', /^data:image\/svg\+xml,/)
  await expect
    .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1200)
  await shell.context().close()
})
