import { SignJWT } from 'jose'
import { expect, signInPage, test } from '../fixtures'
import { expectSignedOut } from './account-kit'

const home = /:\d+\/$/

test.describe('without a session', () => {
  for (const path of ['/user/Profile', '/user/info', '/checkout', '/success']) {
    test(`${path} sends the visitor to /`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(home)
      await expect(page.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
    })
  }

  test('/admin shows the not-found page', async ({ page }) => {
    await page.goto('/admin')
    await expect(page.getByText('Page not found')).toBeVisible()
  })
})

test.describe('signed in as a user', () => {
  test.beforeEach(async ({ page, user }) => signInPage(page, user))

  for (const path of ['/login', '/signup']) {
    test(`${path} sends the person to /`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(home)
    })
  }

  test('/admin shows the not-found page', async ({ page }) => {
    await page.goto('/admin')
    await expect(page.getByText('Page not found')).toBeVisible()
  })

  test('/user/Profile and /user/info open', async ({ page, user }) => {
    await page.goto('/user/Profile')
    await expect(page.getByRole('main').getByText(user.email)).toBeVisible()
    await page.getByRole('link', { name: 'Edit my information' }).click()
    await expect(page).toHaveURL(/\/user\/info$/)
    await page.getByRole('link', { name: 'Go back' }).click()
    await expect(page).toHaveURL(/\/user\/Profile$/)
  })
})

test('an admin opening / goes to /admin', async ({ page, admin }) => {
  await signInPage(page, admin)
  await page.goto('/')
  await expect(page).toHaveURL(/\/admin/)
})

test.describe('a damaged dataUser loads the shop logged out', () => {
  const stored = {
    'corrupted JSON': '{"state":{"session":',
    'a token that is not a JWT': JSON.stringify({
      state: { session: { token: 'not-a-jwt', userName: 'ghost' } },
      version: 1,
    }),
  }
  for (const [name, value] of Object.entries(stored)) {
    test(name, async ({ page }) => {
      await page.addInitScript((v) => localStorage.setItem('dataUser', v), value)
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
      await expectSignedOut(page, { stored: false })
    })
  }

  test('an expired token', async ({ page }) => {
    const token = await new SignJWT({ user_rol: 'user', userName: 'ghost' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('an-e2e-secret-the-server-never-saw'))
    await page.addInitScript(
      (v) => localStorage.setItem('dataUser', v),
      JSON.stringify({ state: { session: { token, userName: 'ghost' } }, version: 1 }),
    )
    await page.goto('/user/Profile')
    await expect(page).toHaveURL(home)
    await expectSignedOut(page, { stored: false })
  })
})
