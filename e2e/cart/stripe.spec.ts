import { expect, signInPage, test } from '../fixtures'
import { blockStripeJs, standInStripeJs } from '../stand-ins/stripe-js'
import { cartButton, createInstrument, fillCustomer, stockOf } from './cart-kit'

// Runs in the 'stripe' project: the shop built with VITE_STRIPE_PUBLISHABLE_KEY, Stripe.js and
// Stripe's API stood in at the network boundary.

test('pays through Stripe Elements', async ({ page, request, user, admin }) => {
  const guitar = await createInstrument(request, admin.token, { stock: 2, price: 200 })
  await standInStripeJs(page)
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await cartButton(page).click()
  await page.getByRole('link', { name: 'Pay with Stripe' }).click()

  await fillCustomer(page)
  await expect(page.getByLabel('Card number', { exact: true })).toHaveCount(0)
  const pay = page.getByRole('button', { name: 'Pay with Stripe $200' })
  await expect(pay).toBeDisabled()
  await page.getByLabel('Stripe card number').fill('4242424242424242')
  await expect(pay).toBeEnabled()
  await pay.click()
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  expect(await stockOf(request, guitar.id)).toBe(1)
})

test("says so when Stripe's script cannot load", async ({ page, request, user, admin }) => {
  const guitar = await createInstrument(request, admin.token, { stock: 2, price: 200 })
  await blockStripeJs(page)
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  await page.getByRole('button', { name: `Add to cart: 1 ${guitar.name}` }).click()
  await page.goto('/checkout')
  await expect(page.getByText("Stripe's script is not available")).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay with Stripe/ })).toBeDisabled()
})
