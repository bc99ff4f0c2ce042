import { expect, signInPage, test, toastWith } from '../fixtures'
import { createInstrument, fillCustomer, fillTestCard, salesOf, stockOf } from './cart-kit'

// Test-payment mode's 3-D Secure: Stripe's test card 4000 0025 0000 3155 asks for authentication.

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

test('completing the authentication pays: one sale, on the success page', async ({
  page,
  request,
  user,
  admin,
}) => {
  const guitar = await createInstrument(request, admin.token, { stock: 1, price: 310 })
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await page.goto('/checkout')
  await fillCustomer(page)
  await fillTestCard(page, '4000 0025 0000 3155')
  await page.getByRole('button', { name: /^Pay with Test card/ }).click()

  const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' })
  await expect(dialog).toBeVisible()
  // While the bank waits, the last unit is reserved for this shopper.
  expect(await stockOf(request, guitar.id)).toBe(0)
  await dialog.getByRole('button', { name: 'Complete authentication' }).click()

  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  const sales = await salesOf(request, user.token)
  expect(sales.map((s) => [s.status, s.instrument[0]?.name])).toEqual([['succeeded', guitar.name]])
  expect(await stockOf(request, guitar.id)).toBe(0)
})

test('failing the authentication sells nothing and gives the stock back', async ({
  page,
  request,
  user,
  admin,
}) => {
  const guitar = await createInstrument(request, admin.token, { stock: 1, price: 310 })
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await page.goto('/checkout')
  await fillCustomer(page)
  await fillTestCard(page, '4000 0025 0000 3155')
  const pay = page.getByRole('button', { name: /^Pay with Test card/ })
  await pay.click()
  await page
    .getByRole('dialog', { name: 'Authenticate your payment' })
    .getByRole('button', { name: 'Fail authentication' })
    .click()

  await expect(toastWith(page, AUTHENTICATION_FAILED)).toBeVisible()
  await expect(pay).toHaveAccessibleDescription(AUTHENTICATION_FAILED)
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await stockOf(request, guitar.id)).toBe(1)
  expect((await salesOf(request, user.token)).map((s) => s.status)).toEqual(['failed'])

  // Another card: the message goes, and the same order pays.
  await fillTestCard(page, '4242 4242 4242 4242')
  await expect(pay).not.toHaveAccessibleDescription(AUTHENTICATION_FAILED)
  await pay.click()
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  expect(await stockOf(request, guitar.id)).toBe(0)
})

test('insufficient funds: Stripe’s message beside Pay', async ({ page, request, user, admin }) => {
  const guitar = await createInstrument(request, admin.token, { stock: 1, price: 310 })
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await page.goto('/checkout')
  await fillCustomer(page)
  await fillTestCard(page, '4000 0000 0000 9995')
  const pay = page.getByRole('button', { name: /^Pay with Test card/ })
  await pay.click()
  await expect(pay).toHaveAccessibleDescription('Your card has insufficient funds.')
  expect(await stockOf(request, guitar.id)).toBe(1)
})
