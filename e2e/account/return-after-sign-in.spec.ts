import { expect, test } from '../fixtures'
import { paidOrder } from '../order-kit'
import { gsiStandIn } from './account-kit'

// A signed-out shopper who opens a guarded page (the order link of an order mail, the checkout)
// lands on / with Sign In open, and signing in brings them back to it.

test('the order mail link, signed out: Sign In, then the order page', async ({
  page,
  request,
  user,
  admin,
}) => {
  const { saleId } = await paidOrder(request, admin.token, user)
  await page.goto(`/user/orders/${saleId}`)
  await expect(page).toHaveURL(/:\d+\/$/)
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByLabel('userName').fill(user.userName)
  await dialog.getByLabel('Password').fill(user.password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(`/user/orders/${saleId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Order #${saleId}` })).toBeVisible()
})

test('the checkout, signed out: Google sign-in comes back to it', async ({ page }) => {
  await page.route('https://accounts.google.com/gsi/client*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gsiStandIn }),
  )
  await page.addInitScript(
    (account) => {
      ;(window as unknown as { __googleAccount: unknown }).__googleAccount = account
    },
    { email: `back${Date.now()}@gmail.example`, given_name: 'Back' },
  )
  await page.goto('/checkout')
  await expect(page).toHaveURL(/:\d+\/$/)
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/checkout$/)
})
