import { delay } from 'msw'
import { cartButton, fillCustomer, fillTestCard } from '../cart/cart-kit'
import { signInPage, toastWith } from '../fixtures'
import { expect, http, test } from './mock-kit'

// docs/product.md §8's rows that only a failing backend can show, each as the shopper sees it.

const failure = { error: 'The shop database is not answering' }

for (const tab of ['in front', 'in the background']) {
  test(`the instrument list failing, its tab ${tab}: the error after one retry, then Try again`, async ({
    page,
    network,
  }) => {
    if (tab === 'in the background') {
      await page.addInitScript(() => {
        Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' })
        Object.defineProperty(document, 'hidden', { get: () => true })
      })
    }
    let asked = 0
    network.use(
      http.get('/api/instruments', ({ response }) => {
        asked += 1
        return response(500).json(failure)
      }),
    )
    await page.goto('/')
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
    await expect(alert).toContainText(failure.error)
    // Asked twice (a retry a second later), so a person waits seconds; then no more.
    expect(asked).toBe(2)
    await expect(page.locator('.card-skeleton')).toHaveCount(0)

    network.resetHandlers()
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { name: 'Fender Player Stratocaster' })).toBeVisible()
  })
}

test('an instrument detail failing: its page says so, the rest of the shop works', async ({
  page,
  network,
}) => {
  network.use(http.get('/api/instruments/{id}', ({ response }) => response(500).json(failure)))
  await page.goto('/instruments/1')
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toContainText(
    failure.error,
  )
  await page.getByRole('link', { name: 'Go home' }).click()
  await expect(page.getByRole('heading', { name: 'Fender Player Stratocaster' })).toBeVisible()
})

test('a search failing: error toast Instrument not found, the error page with the server text', async ({
  page,
  network,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Fender Player Stratocaster' })).toBeVisible()
  network.use(
    http.get('/api/instruments', ({ request, response }) =>
      new URL(request.url).searchParams.has('name') ? response(500).json(failure) : undefined,
    ),
  )
  const search = page.getByRole('combobox', { name: 'Search instruments' })
  await search.fill('Stratocaster')
  await search.press('Enter')
  await expect(toastWith(page, 'Instrument not found')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toContainText(
    failure.error,
  )
})

test('favourites failing: the favourites page shows the message, adding one shows the server text', async ({
  page,
  network,
  shop,
}) => {
  const lucia = shop.accounts.find((a) => a.userName === 'lucia.m')
  if (!lucia) throw new Error('no demo shopper')
  await signInPage(page, { token: shop.tokenFor(lucia), userName: lucia.userName })
  network.use(
    http.get('/api/trolley', ({ response }) => response(500).json(failure)),
    http.post('/api/trolley', ({ response }) =>
      response(404).json({ error: 'That instrument has just been removed' }),
    ),
  )
  await page.goto('/favorites')
  await expect(page.getByRole('alert').filter({ hasText: failure.error })).toBeVisible()

  await page.goto('/')
  const heart = page.getByRole('button', { name: 'Favorite Fender Player Stratocaster' })
  await heart.click()
  await expect(toastWith(page, 'That instrument has just been removed')).toBeVisible()
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
})

test("a refused payment: the server's text in an error toast, the cart kept", async ({
  page,
  network,
  shop,
}) => {
  const lucia = shop.accounts.find((a) => a.userName === 'lucia.m')
  if (!lucia) throw new Error('no demo shopper')
  await signInPage(page, { token: shop.tokenFor(lucia), userName: lucia.userName })
  const refusal = 'Your bank refused this payment: call it, then try again.'
  network.use(http.post('/api/payment', ({ response }) => response(402).json({ error: refusal })))

  await page.goto('/')
  await page.getByRole('button', { name: 'Add to cart: Fender Player Stratocaster' }).click()
  await cartButton(page).click()
  await page
    .getByRole('dialog', { name: 'Shopping cart' })
    .getByRole('link', { name: 'Pay with Test card' })
    .click()
  await fillCustomer(page)
  await fillTestCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay with Test card/ }).click()
  await expect(toastWith(page, refusal)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart 1 item')
})

test('a stalled payment keeps the button busy, never pays twice', async ({
  page,
  network,
  shop,
}) => {
  const lucia = shop.accounts.find((a) => a.userName === 'lucia.m')
  if (!lucia) throw new Error('no demo shopper')
  await signInPage(page, { token: shop.tokenFor(lucia), userName: lucia.userName })
  let payments = 0
  network.use(
    http.post('/api/payment', async () => {
      payments += 1
      await delay('infinite')
      return undefined as never
    }),
  )
  await page.goto('/')
  await page.getByRole('button', { name: 'Add to cart: Fender Player Stratocaster' }).click()
  await cartButton(page).click()
  await page
    .getByRole('dialog', { name: 'Shopping cart' })
    .getByRole('link', { name: 'Pay with Test card' })
    .click()
  await fillCustomer(page)
  await fillTestCard(page, '4242 4242 4242 4242')
  const pay = page.getByRole('button', { name: /^Pay with Test card/ })
  await pay.click()
  await expect(pay).toBeDisabled()
  await expect(page.locator('form.checkout-form')).toHaveAttribute('aria-busy', 'true')
  expect(payments).toBe(1)
})

test('the purchase history failing: the profile shows the server text', async ({
  page,
  network,
  shop,
}) => {
  const lucia = shop.accounts.find((a) => a.userName === 'lucia.m')
  if (!lucia) throw new Error('no demo shopper')
  await signInPage(page, { token: shop.tokenFor(lucia), userName: lucia.userName })
  network.use(http.get('/api/transactions/user', ({ response }) => response(500).json(failure)))
  await page.goto('/user/Profile')
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toContainText(
    failure.error,
  )
  // The shop around it stays: the header still offers the way back.
  await expect(page.getByText('Welcome lucia.m')).toBeVisible()
})
