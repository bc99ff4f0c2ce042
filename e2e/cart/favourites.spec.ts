import { expect, signInPage, test } from '../fixtures'
import { createInstrument } from './cart-kit'

test('favourites: added with the heart, listed in the panel and on /favorites, removed', async ({
  page,
  request,
  user,
  admin,
}) => {
  const guitar = await createInstrument(request, admin.token, { stock: 4, price: 310 })
  await signInPage(page, user)
  await page.goto(`/instruments/${guitar.id}`)
  const heart = page.getByRole('button', { name: `Favorite ${guitar.name}` })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('button', { name: 'Favorites' }).click()
  const panel = page.getByRole('dialog', { name: 'Favorites' })
  await expect(panel.getByText(guitar.name)).toBeVisible()
  await panel.getByRole('link', { name: 'View full list' }).click()

  await expect(page).toHaveURL(/\/favorites$/)
  // The URL changes at the click while the detail page, whose heading and price name the same
  // guitar, is still shown: look inside the /favorites page itself.
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible()
  const card = main
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: guitar.name }) })
  await expect(card).toBeVisible()
  await expect(card.getByText('$310')).toBeVisible()
  await card.getByRole('button', { name: `Add to cart: ${guitar.name}` }).click()
  await expect(page.getByText('Added to cart')).toBeVisible()
  await card.getByRole('button', { name: `Remove ${guitar.name} from favorites` }).click()
  await expect(main.getByText('Your Favorite List is empty')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Continue Shopping' })).toBeVisible()
})
