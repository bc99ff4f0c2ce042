import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { goToTab, openBackOffice, unique } from './admin-helpers'

// A toast in the back office covers nothing that can be pressed. It lands in the tab's
// title row under the bar (admin-frame.css): at the top right on a wide screen, across the row on
// a phone. Checked after a create on each tab that has one, where the Create button was covered.

const PRESSABLE =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [role="tab"]'

/** The pressable things on screen whose box meets the newest toast's box, by name. */
async function pressablesUnderToast(page: Page) {
  const toast = page.locator('[data-sonner-toast]').first()
  await expect(toast).toBeVisible()
  // Held while measured: sonner pauses a hovered toast's 3 s, which a busy machine could use up.
  await toast.hover()
  // Where it comes to rest after sliding in.
  let box = await toast.boundingBox()
  await expect
    .poll(async () => {
      const next = await toast.boundingBox()
      const settled = JSON.stringify(next) === JSON.stringify(box)
      box = next
      return settled
    })
    .toBe(true)
  if (!box) throw new Error('the toast has no box')
  return page.evaluate(
    ({ toast, selector }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => !element.closest('[data-sonner-toaster]'))
        .filter((element) => {
          const style = getComputedStyle(element)
          const r = element.getBoundingClientRect()
          const shown = style.visibility !== 'hidden' && style.display !== 'none'
          const meets =
            r.width > 0 &&
            r.height > 0 &&
            r.left < toast.x + toast.width &&
            r.right > toast.x &&
            r.top < toast.y + toast.height &&
            r.bottom > toast.y
          return shown && meets
        })
        .map(
          (element) =>
            element.getAttribute('aria-label') ||
            element.textContent?.trim() ||
            element.outerHTML.slice(0, 80),
        ),
    { toast: box, selector: PRESSABLE },
  )
}

const creates: { tab: string; fill: (page: Page) => Promise<void>; done: string }[] = [
  {
    tab: 'Categories',
    done: 'Category created successfully',
    fill: async (page) => {
      const form = page.getByRole('region', { name: 'Registrar una nueva Category' })
      await form.getByLabel(/^name/).fill(unique('Toast Cat'))
      await form.getByRole('button', { name: 'Aceptar' }).click()
    },
  },
  {
    tab: 'Instruments',
    done: 'Instrument created successfully',
    fill: async (page) => {
      const form = page.getByRole('region', { name: 'Product creation form' })
      await form.getByLabel(/^name/).fill(unique('Toast Theremin'))
      await form.getByLabel(/^brand/).fill('Moog')
      await form.getByLabel(/^category/).selectOption({ index: 1 })
      await form.getByLabel(/^price/).fill('1499')
      await form.getByLabel(/^stock/).fill('3')
      await form.getByLabel(/^status/).selectOption('New')
      await form.getByLabel(/image URL/).fill('/images/instruments/fender-player-stratocaster.svg')
      await form.getByLabel(/^description/).fill('An instrument played without touching it')
      await form.getByRole('button', { name: 'Aceptar' }).click()
    },
  },
  {
    tab: 'Users',
    done: 'User created successfully',
    fill: async (page) => {
      const form = page.getByRole('region', { name: 'Create a user' })
      const name = unique('toast').replace(' ', '')
      await form.getByLabel(/^firstName/).fill('Toast')
      await form.getByLabel(/^lastName/).fill('Reader')
      await form.getByLabel(/^email/).fill(`${name}@example.com`)
      await form.getByLabel(/^userName/).fill(name)
      await form.getByLabel(/^password/).fill('secret123')
      await form.getByRole('button', { name: 'Accept' }).click()
    },
  },
  {
    tab: 'Admins',
    done: 'Admin created successfully',
    fill: async (page) => {
      const form = page.getByRole('region', { name: 'Registrar una nueva' })
      const name = unique('toastadmin').replace(' ', '')
      await form.getByLabel(/^firstName/).fill('Toast')
      await form.getByLabel(/^lastName/).fill('Admin')
      await form.getByLabel(/^email/).fill(`${name}@example.com`)
      await form.getByLabel(/^userName/).fill(name)
      await form.getByLabel(/^password/).fill('secret123')
      await form.getByRole('button', { name: 'Aceptar' }).click()
    },
  },
]

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  for (const create of creates) {
    test(`after a create on ${create.tab} the toast covers nothing that can be pressed on a ${name} (${width} px)`, async ({
      page,
      admin,
    }) => {
      await page.setViewportSize({ width, height })
      await openBackOffice(page, admin)
      await goToTab(page, create.tab)
      await page.getByRole('button', { name: 'Create' }).click()
      await create.fill(page)
      await expect(page.getByText(create.done, { exact: true })).toBeVisible()
      expect(await pressablesUnderToast(page)).toEqual([])
      await page.screenshot({ path: test.info().outputPath(`${create.tab}-${width}.png`) })
    })
  }
}
