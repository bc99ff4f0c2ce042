import { expect, type Page } from '@playwright/test'

/**
 * The page never scrolls sideways at the test's viewport. Measured against the viewport, not
 * `innerWidth`: a phone (isMobile) widens its layout viewport to fit what overflows, so
 * `scrollWidth > innerWidth` never sees it there.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, 'no sideways scroll').toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
}
