import { expect, type Page } from '@playwright/test'

/**
 * Scrolls the whole page and, at each step, finds what the chat link covers and which visible
 * `Add to cart` is not the element under its own centre. Both lists must stay empty.
 */
export async function expectChatCoversNothing(page: Page) {
  const found = await page.evaluate(async () => {
    const covered: string[] = []
    const hidden: string[] = []
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const chat = document.querySelector('.chat-link')
    const header = document.querySelector('[data-top-bar]')
    for (let y = 0; y <= document.documentElement.scrollHeight; y += 150) {
      window.scrollTo(0, y)
      await frame()
      const tab = chat?.getBoundingClientRect()
      const top = header?.getBoundingClientRect().bottom ?? 0
      for (const control of document.querySelectorAll('a[href], button, input, select, textarea')) {
        if (!tab || control === chat || control.closest('[data-top-bar]')) continue
        const r = control.getBoundingClientRect()
        if (r.width === 0 || r.bottom <= top || r.top >= innerHeight) continue
        const overlaps =
          r.left < tab.right && r.right > tab.left && r.top < tab.bottom && r.bottom > tab.top
        if (overlaps)
          covered.push(`${control.textContent?.trim() || control.outerHTML.slice(0, 60)} at ${y}`)
      }
      for (const button of document.querySelectorAll('button')) {
        if (!button.textContent?.startsWith('Add to cart')) continue
        const r = button.getBoundingClientRect()
        const x = r.left + r.width / 2
        const middle = r.top + r.height / 2
        if (middle <= top || middle >= innerHeight) continue
        const hit = document.elementFromPoint(x, middle)
        if (!hit || !button.contains(hit))
          hidden.push(`Add to cart at ${y} under ${hit?.className}`)
      }
    }
    window.scrollTo(0, 0)
    return { covered, hidden }
  })
  expect(found).toEqual({ covered: [], hidden: [] })
}

/** Adds an instrument to the cart and opens the cart: the toast keeps clear of the panel's Close. */
export async function expectToastClearOfOpenCart(page: Page) {
  await page.goto('/instruments/2')
  await page.getByRole('button', { name: /^Add to cart/ }).click()
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Added to cart' })
  await expect(toast).toBeVisible()
  await page.getByRole('button', { name: 'Cart 1 item' }).click()
  const close = page.getByRole('dialog', { name: 'Shopping cart' }).getByRole('button', {
    name: 'Close',
  })
  await expect(close).toBeVisible()
  // Polled: the toast glides to its new place.
  await expect
    .poll(async () => {
      const [a, b] = [await toast.boundingBox(), await close.boundingBox()]
      if (!a || !b) return 'gone'
      const apart = a.x >= b.x + b.width || b.x >= a.x + a.width || a.y >= b.y + b.height
      return apart || b.y >= a.y + a.height ? 'clear' : 'over Close'
    })
    .not.toBe('over Close')
}
