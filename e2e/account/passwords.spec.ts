import { expect, signInPage, test } from '../fixtures'
import { expectSignedOut, logInThroughPanel, loginStatus, resetLinkFor } from './account-kit'

test('a forgotten password is reset through the mailed link', async ({ page, request, user }) => {
  await page.goto('/login')
  await page.getByRole('main').getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/user\/profile\/resetpassword$/)
  const form = page.getByRole('main')
  await form.getByLabel('email').fill(user.email)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('We have sent you an email', { exact: true })).toBeVisible()

  const link = await resetLinkFor(request, user.email)
  expect(link.pathname).toBe('/user/resetpassword')
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'CHANGE YOUR PASSWORD' })).toBeVisible()
  await form.getByLabel('email').fill(user.email)
  await form.getByLabel('password', { exact: true }).fill('newguitar456')
  await form.getByLabel('confirm password').fill('newguitar457')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible()
  await form.getByLabel('confirm password').fill('newguitar456')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Your password was changed')).toBeVisible()
  await expect(page).toHaveURL(/:\d+\/$/)

  expect(await loginStatus(request, user.userName, user.password)).toBe(401)
  await logInThroughPanel(page, user.userName, 'newguitar456')
  await expect(page.getByText(`Welcome ${user.userName}`)).toBeVisible()

  // The link works once.
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.goto(link.pathname + link.search)
  await form.getByLabel('email').fill(user.email)
  await form.getByLabel('password', { exact: true }).fill('another789x')
  await form.getByLabel('confirm password').fill('another789x')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(/This reset link is invalid/)).toBeVisible()
})

test("the profile's Change Password comes back to the profile", async ({ page, request, user }) => {
  await signInPage(page, user)
  await page.goto('/user/Profile')
  await page.getByRole('link', { name: 'Change Password' }).click()
  await expect(page).toHaveURL(/\/user\/profile\/resetpassword$/)
  const form = page.getByRole('main')
  await expect(form.getByLabel('email')).toHaveValue(user.email)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Email has sent you')).toBeVisible()

  const link = await resetLinkFor(request, user.email)
  expect(link.searchParams.get('from')).toBe('profile')
  await page.goto(link.pathname + link.search)
  await form.getByLabel('email').fill(user.email)
  await form.getByLabel('password', { exact: true }).fill('fromprofile99')
  await form.getByLabel('confirm password').fill('fromprofile99')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page).toHaveURL(/\/user\/Profile$/)
  await expect(page.getByText(`Welcome ${user.userName}`)).toBeVisible()
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible()
  expect(await loginStatus(request, user.userName, 'fromprofile99')).toBe(200)
})

test('the admin variant of the change page', async ({ page }) => {
  await page.goto('/admin/resetpassword?token=nothing')
  await expect(page.getByRole('heading', { name: 'CHANGE YOUR PASSWORD' })).toBeVisible()
  await expectSignedOut(page)
})
