import { randomBytes } from 'node:crypto'
import { expectAccessible } from '../accessibility/axe-kit'
import { expect, test, toastWith } from '../fixtures'
import { gsiStandIn, storedSession } from './account-kit'

test('Google sign-in stores the session and goes home', async ({ page }) => {
  const givenName = `Gina${randomBytes(2).toString('hex')}`
  const email = `${givenName.toLowerCase()}@gmail.example`
  await page.route('https://accounts.google.com/gsi/client*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gsiStandIn }),
  )
  await page.addInitScript(
    (account) => {
      ;(window as unknown as { __googleAccount: unknown }).__googleAccount = account
    },
    { email, given_name: givenName },
  )

  await page.goto('/signup')
  await page.getByRole('button', { name: 'Have an account? Log in now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/:\d+\/$/)
  await expect(page.getByText(`Welcome ${givenName}`)).toBeVisible()
  expect(await storedSession(page)).toMatchObject({ userName: givenName, email })

  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('main').getByText(email)).toBeVisible()
})

test("Google's script blocked: the panel says so in place, with no error toast", async ({
  page,
}) => {
  await page.route('https://accounts.google.com/gsi/client*', (route) => route.abort())
  await page.goto('/signup')
  await page.getByRole('button', { name: 'Have an account? Log in now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await expect(
    dialog.getByRole('button', { name: 'Google sign-in is unavailable right now' }),
  ).toBeDisabled()
  await expect(toastWith(page, 'Google sign-in did not complete. Please try again.')).toHaveCount(0)
  await expect(dialog.getByLabel('userName')).toBeEditable()
  await expectAccessible(page, 'the Sign In panel without Google')
})
