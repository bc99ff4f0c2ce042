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
  await expect(page.getByRole('heading', { name: guitar.name })).toBeVisible()
  await expect(page.getByText('$310')).toBeVisible()
  await page.getByRole('button', { name: `Add ${guitar.name} to cart` }).click()
  await expect(page.getByText('Added to cart')).toBeVisible()
  await page.getByRole('button', { name: `Remove ${guitar.name} from favorites` }).click()
  await expect(page.getByText('Your Favorite List is empty')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible()
})
