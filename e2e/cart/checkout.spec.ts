import { expect, signInPage, test, toastWith } from '../fixtures'
import { paidOrder } from '../order-kit'
import { cartButton, createInstrument, fillCustomer, fillTestCard, stockOf } from './cart-kit'

test('browse, fill the cart up to stock, reload, pay, see the sale', async ({
  page,
  request,
  user,
  admin,
}) => {
  const guitar = await createInstrument(request, admin.token, { stock: 3, price: 150 })
  await signInPage(page, user)

  await page.goto('/')
  await page.getByRole('combobox', { name: 'Search instruments' }).fill(guitar.name)
  await page.getByRole('combobox', { name: 'Search instruments' }).press('Enter')
  await page.getByRole('button', { name: `Add to cart: ${guitar.name}` }).click()
  await expect(page.getByText('Added to cart')).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart 1 item')

  await cartButton(page).click()
  const panel = page.getByRole('dialog', { name: 'Shopping cart' })
  const plus = panel.getByRole('button', { name: `Increase quantity of ${guitar.name}` })
  await plus.click()
  await plus.click()
  await expect(panel.getByLabel(`Quantity of ${guitar.name}`, { exact: true })).toHaveText('3')
  await plus.click()
  await expect(page.getByText('Stock sold out')).toBeVisible()
  await expect(panel.getByLabel(`Quantity of ${guitar.name}`, { exact: true })).toHaveText('3')
  await expect(panel.getByText('Subtotal')).toBeVisible()
  await expect(panel.locator('.cart-subtotal')).toContainText('$450')

  await page.reload()
  await expect(cartButton(page)).toHaveAccessibleName('Cart 3 items')
  // The open panel survives the reload too (the panels store keeps it for the tab).
  await expect(panel.getByLabel(`Quantity of ${guitar.name}`, { exact: true })).toHaveText('3')
  await panel.getByRole('link', { name: 'Pay with Test card' }).click()

  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Resume items' })).toBeVisible()
  const pay = page.getByRole('button', { name: 'Pay with Test card $450' })
  await expect(pay).toBeDisabled()
  await fillCustomer(page)
  await fillTestCard(page, '4242 4242 4242 4242')
  await expect(pay).toBeEnabled()
  await pay.click()

  // First: the toast lives 3 s, which the checks below could outlast on a busy machine.
  await expect(
    page.locator('[data-sonner-toast]', {
      hasText: 'We have sent you an email with your order details.',
    }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  const order = page.getByRole('region', { name: /^Order #\d+$/ })
  await expect(order.getByRole('listitem')).toContainText(`${guitar.name}× 3$450`)
  await expect(order.getByText('Total')).toHaveText('Total $450')
  await expect(cartButton(page)).toHaveAccessibleName('Cart 0 items')
  // The order is still there to keep after a reload, though the cart is empty.
  await page.reload()
  await expect(order.getByText('Total')).toHaveText('Total $450')
  expect(await stockOf(request, guitar.id)).toBe(0)
})

test('a bought instrument is rated from the profile, and the review shows on its page', async ({
  page,
  request,
  user,
  admin,
}) => {
  const { guitar } = await paidOrder(request, admin.token, user)
  await signInPage(page, user)
  await page.goto('/user/Profile')
  await page.getByRole('button', { name: `Rate instrument ${guitar.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Rate instrument' })
  await expect(dialog).toContainText(guitar.name)
  await expect(dialog.getByRole('radio', { name: '1 star' })).toBeChecked()
  await dialog.getByRole('radio', { name: '5 stars' }).check()
  await dialog.getByLabel('Comment').fill('Short')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(
    dialog.getByText('The comment must have more than 30 characters and less than 300'),
  ).toBeVisible()
  const comment = 'Stays in tune for weeks and the neck is a joy to play.'
  await dialog.getByLabel('Comment').fill(comment)
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Rated' })).toBeDisabled()

  await page.goto(`/instruments/${guitar.id}`)
  // In the reviews: the header's 'Welcome <userName>' would match the name anywhere on the page.
  const review = page
    .getByRole('region', { name: 'Reviews' })
    .getByRole('listitem')
    .filter({ hasText: comment })
  await expect(review).toBeVisible()
  await expect(review.getByText(user.userName, { exact: true })).toBeVisible()
})

test('a declined card keeps the cart and the stock', async ({ page, request, user, admin }) => {
  const guitar = await createInstrument(request, admin.token, { stock: 2, price: 99.5 })
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await expect(page.getByText(`1 ${guitar.name} added to cart`)).toBeVisible()

  await page.goto('/checkout')
  await fillCustomer(page)
  await fillTestCard(page, '4000 0000 0000 0002')
  const pay = page.getByRole('button', { name: /^Pay with Test card/ })
  await pay.click()
  await expect(toastWith(page, 'Your card was declined.')).toBeVisible()
  await expect(pay).toHaveAccessibleDescription('Your card was declined.')
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(pay).toBeEnabled()
  await expect(cartButton(page)).toHaveAccessibleName('Cart 1 item')
  expect(await stockOf(request, guitar.id)).toBe(2)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the cart panel takes the whole width and closes with Escape', async ({ page, user }) => {
    await signInPage(page, user)
    await page.goto('/')
    await cartButton(page).click()
    const panel = page.getByRole('dialog', { name: 'Shopping cart' })
    await expect(panel.getByText('Your shopping cart is empty')).toBeVisible()
    expect((await panel.boundingBox())?.width).toBeCloseTo(390, 0)
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(cartButton(page)).toBeFocused()
  })
})
