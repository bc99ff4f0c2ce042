import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * axe-core's WCAG 2.2 A/AA rules and its best practices on what the page shows now (an open
 * dialog included). A failure lists each rule with the elements it found.
 */
export async function expectAccessible(page: Page, screen: string) {
  // A panel still sliding in is checked where it comes to rest (endless ones, spinners and
  // skeletons, and the toasts' 3 s progress bar are not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          Number(animation.effect?.getTiming().duration) >= 1000 ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
  expect(found, `axe on ${screen}`).toEqual([])
}
