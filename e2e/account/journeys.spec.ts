import { randomBytes } from 'node:crypto'
import { adminToken, expect, signInPage, test } from '../fixtures'
import { ban, expectSignedOut, logInThroughPanel, loginStatus, storedSession } from './account-kit'

test('a newcomer signs up, logs in, is welcomed and logs out', async ({ page, request }) => {
  const userName = `newbie_${randomBytes(3).toString('hex')}`
  await page.goto('/')
  await page.getByRole('link', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/signup$/)

  const form = page.getByRole('main')
  await form.getByLabel('userName').fill(userName)
  await form.getByLabel('email').fill(`${userName}@example.com`)
  await form.getByLabel('password', { exact: true }).fill('guitar123')
  await form.getByLabel('confirmpassword').fill('guitar124')
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(form.getByText('different Password')).toBeVisible()
  await form.getByLabel('confirmpassword').fill('guitar123')
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('User created successfully')).toBeVisible()
  await expect(page).toHaveURL(/:\d+\/$/)

  // The confirmation mail went out before the account was made.
  const outbox = await request.get('/api/test/outbox', {
    params: { to: `${userName}@example.com` },
  })
  const mails = JSON.stringify(await outbox.json())
  expect(mails).toContain('Welcome to the Instrument Shop')
  // The mail's link proves the address once.
  const link = mails.match(/https?:\/\/[^\s"\\]+\/user\/verify-email\?token=[\w-]+/)?.[0]
  expect(link).toBeTruthy()
  await page.goto(new URL(link as string).pathname + new URL(link as string).search)
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible()
  await page.goto('/')

  const dialog = await logInThroughPanel(page, userName, 'guitar123')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Welcome ${userName}`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible()
  expect(await storedSession(page)).toMatchObject({ userName })

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/:\d+\/$/)
  await expectSignedOut(page)
})

test('an empty login warns and still asks the server', async ({ page }) => {
  await page.goto('/')
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'))
  const dialog = await logInThroughPanel(page, '', '')
  await expect(page.getByText('userName or Password required', { exact: true })).toBeVisible()
  expect((await sent).status()).toBe(400)
  await expect(dialog).toBeVisible()
  await expectSignedOut(page)
})

test('a wrong password shows the server error', async ({ page, user }) => {
  await page.goto('/login')
  const form = page.getByRole('main')
  await form.getByLabel('userName').fill(user.userName)
  await form.getByLabel('Password').fill('not-the-password1')
  await form.getByRole('button', { name: 'Log in' }).click()
  await expect(
    form.getByRole('alert').filter({ hasText: 'Wrong userName or password' }),
  ).toBeVisible()
  await expectSignedOut(page)
})

test('the admin logs in and lands in the back office', async ({ page }) => {
  await page.goto('/login')
  const form = page.getByRole('main')
  await form.getByLabel('userName').fill('admin')
  await form.getByLabel('Password').fill(process.env.ADMIN_PASSWORD ?? 'admin12345')
  await form.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/admin/)
  // The URL changes as the navigation starts: the back office itself shows once it has loaded.
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible()
})

test('a banned account sees the warning and stays logged out', async ({ page, request, user }) => {
  await ban(request, await adminToken(request), user.userName)
  await page.goto('/')
  await logInThroughPanel(page, user.userName, user.password)
  await expect(page.getByText('You were banned!')).toBeVisible()
  await page.keyboard.press('Escape')
  await expectSignedOut(page)
  await page.reload()
  await expectSignedOut(page)
})

test('a person deletes the account after cancelling once', async ({ page, request, user }) => {
  await page.goto('/')
  await logInThroughPanel(page, user.userName, user.password)
  await expect(page.getByText(`Welcome ${user.userName}`)).toBeVisible()
  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/user\/Profile$/)
  await expect(page.getByText("You haven't bought any products yet")).toBeVisible()

  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete my account?' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/user\/profile$/)
  expect(await loginStatus(request, user.userName, user.password)).toBe(200)

  // A stolen session alone deletes nothing: the dialog asks for the current password.
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await dialog.getByLabel('Current password').fill('not-the-password1')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByText('Your current password is not this one')).toBeVisible()
  await dialog.getByLabel('Current password').fill(user.password)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/:\d+\/$/)
  await expectSignedOut(page)
  expect(await loginStatus(request, user.userName, user.password)).toBe(401)
})

test('a person edits the profile information', async ({ page, user }) => {
  await page.goto('/')
  await logInThroughPanel(page, user.userName, user.password)
  await expect(page.getByText(`Welcome ${user.userName}`)).toBeVisible()
  await page.goto('/user/info')
  const form = page.getByRole('main')
  await expect(form.getByLabel('userName')).toHaveValue(user.userName)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByText('Input required')).toHaveCount(4)
  await form.getByLabel('firstName').fill('Ana')
  await form.getByLabel('lastName').fill('Pérez')
  await form.getByLabel('contactNumber').fill('123 456')
  await form.getByLabel('buyerAddress').fill('Calle Falsa 123')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByText('should have 10 digits at least')).toBeVisible()
  await form.getByLabel('contactNumber').fill('+54 351 555 0101')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Your information was updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/:\d+\/$/)

  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('main').getByText('Calle Falsa 123')).toBeVisible()
  await expect(page.getByRole('main').getByText('+54 351 555 0101')).toBeVisible()
})

test('on a slow network the profile shows its frame and skeleton, then the account', async ({
  page,
  user,
}) => {
  let answer = () => {}
  const answered = new Promise<void>((resolve) => {
    answer = resolve
  })
  await page.route('**/api/users/token', async (route) => {
    await answered
    await route.continue()
  })
  await signInPage(page, user)
  await page.goto('/user/Profile')
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading your profile' })).toBeAttached()
  await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible()
  answer()
  await expect(page.getByText(user.userName, { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Loading your profile')).toHaveCount(0)
})
