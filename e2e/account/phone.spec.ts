import { expect, test } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'
import { storedSession } from './account-kit'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test('on a phone the account items sit in the menu and logging in works', async ({
  page,
  user,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByLabel('userName').fill(user.userName)
  await dialog.getByLabel('Password').fill(user.password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(dialog).toBeHidden()
  expect(await storedSession(page)).toMatchObject({ userName: user.userName })

  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByText(`Welcome ${user.userName}`)).toBeVisible()
  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/user\/Profile$/)
  // The URL changes at the click, while the home page is still shown: measure the profile.
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible()
  await expectNoSidewaysScroll(page)
})
