import { expect, test } from '@playwright/test'
import { logInThroughPanel } from '../account/account-kit'
import { cartButton, fillCustomer, fillTestCard } from '../cart/cart-kit'

// `npm run dev:mock` as a person finds it: no API server runs, MSW's service worker answers /api.
test.use({ serviceWorkers: 'allow' })

test('the mock backend shows the catalogue, signs in, fills the cart and takes a payment', async ({
  page,
}) => {
  // The development server compiles the pages this journey opens on their first visit.
  test.slow()
  await page.goto('/')
  const strat = page.getByRole('heading', { name: 'Fender Player Stratocaster' })
  await expect(strat).toBeVisible()
  await expect(page.getByText('Vintage Collection')).toHaveCount(0)

  const signIn = await logInThroughPanel(page, 'lucia.m', 'qa-demo-password')
  await expect(page.getByText('Welcome lucia.m')).toBeVisible()
  // A press outside an open panel only closes it: wait until the panel has gone, as a person sees.
  await expect(signIn).toBeHidden()

  await page.getByRole('button', { name: 'Add to cart: Fender Player Stratocaster' }).click()
  await expect(cartButton(page)).toHaveAccessibleName('Cart 1 item')
  await cartButton(page).click()
  const cart = page.getByRole('dialog', { name: 'Shopping cart' })
  await expect(cart).toBeVisible()
  await cart.getByRole('link', { name: 'Pay with Test card' }).click()
  await fillCustomer(page)
  await fillTestCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay with Test card/ }).click()
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()

  // A link, not a reload: the mock backend's data lives in the page and starts over on a reload.
  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { name: 'Purchase history' })).toBeVisible()
  await expect(page.getByText('Fender Player Stratocaster')).toBeVisible()
})
