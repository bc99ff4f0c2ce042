import { expectAccessible } from '../accessibility/axe-kit'
import { createInstrument } from '../cart/cart-kit'
import { expect, signInPage, test, toastWith, verifyEmail } from '../fixtures'

// On a phone (390 px): the search box's suggestions as a combobox, by touch and by
// keyboard, axe clean while open; a sold-out instrument's "Notify me when it's back".

test('typing a typo suggests the Stratocaster; a tap opens it', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search instruments' })
  await box.tap()
  await box.pressSequentially('stratocastr', { delay: 30 })
  const list = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(list).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  const first = list.getByRole('option').first()
  await expect(first).toContainText('Fender Player Stratocaster')
  await expect(page.getByRole('status').filter({ hasText: /suggestions?$/ })).toHaveText(
    /^\d suggestions?$/,
  )
  // The list fits the phone's width.
  const box390 = await list.boundingBox()
  expect(box390 && box390.x >= 0 && box390.x + box390.width <= 390).toBe(true)
  await expectAccessible(page, 'the open suggestions on a phone')
  await first.tap()
  await expect(page).toHaveURL(/\/instruments\/\d+$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Fender Player Stratocaster' }),
  ).toBeVisible()
})

test('arrows and Enter open a suggestion; Escape closes the list', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search instruments' })
  await box.pressSequentially('yamah', { delay: 30 })
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')
  await expect(options).toHaveCount(6)
  await box.press('Escape')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.press('ArrowDown')
  await box.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  const name = (await options.nth(1).locator('.suggestion-name').textContent()) ?? ''
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test("a sold-out instrument: Notify me when it's back, signed in in one tap, or by e-mail", async ({
  page,
  request,
  admin,
  user,
}) => {
  const soldOut = await createInstrument(request, admin.token, { stock: 0, price: 420 })
  await page.goto(`/instruments/${soldOut.id}`)
  await page.getByRole('button', { name: /^Notify me when it's back/ }).tap()
  await page
    .getByRole('form', { name: /^Alert for / })
    .getByLabel('Email')
    .fill('phone-guest@example.com')
  await page.getByRole('button', { name: 'Notify me', exact: true }).tap()
  await expect(
    toastWith(page, 'We have sent you an email: open its link to confirm the alert'),
  ).toBeVisible()
  await expectAccessible(page, 'a sold-out instrument after asking for an alert')

  // One tap for an account whose address is proved; any other confirms it by mail first.
  await verifyEmail(request, user)
  await signInPage(page, user)
  await page.goto(`/instruments/${soldOut.id}`)
  await page.getByRole('button', { name: /^Notify me when it's back/ }).tap()
  await expect(page.getByText("We will e-mail you when it's back.")).toBeVisible()
  // The spec's Add to cart stays, with its warning.
  await expect(page.getByRole('button', { name: /Add to cart/ })).toBeVisible()
})
