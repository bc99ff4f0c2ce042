import { expect, signInPage, test } from '../fixtures'
import { expectAccessible } from './axe-kit'

const isPhone = () => test.info().project.name === 'phone'

// axe takes a few seconds a screen on a shared CI machine.
test.describe.configure({ timeout: 90_000 })

test('the storefront pages, signed out', async ({ page }) => {
  for (const path of ['/', '/instruments/2', '/aboutUs', '/favorites', '/login', '/signup']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, path)
  }
})

test('the password pages and the not-found page', async ({ page }) => {
  for (const path of ['/user/profile/resetpassword', '/user/resetpassword?token=abc', '/nope']) {
    await page.goto(path)
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expectAccessible(page, path)
  }
})

test('the open panels and menus', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Our Instruments' })).toBeVisible()
  if (isPhone()) {
    await page.getByRole('button', { name: 'Menu' }).click()
    await expectAccessible(page, 'the menu')
    await page.getByRole('button', { name: 'Sign In' }).click()
  } else {
    await page.getByRole('button', { name: 'Sign In' }).click()
  }
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  // The panel's frame comes first, its form with the form's chunk: check the whole of it.
  await expect(signIn.getByLabel('userName')).toBeVisible()
  await expectAccessible(page, 'the Sign In panel')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Favorites' }).click()
  await expect(page.getByRole('dialog', { name: 'Favorites' })).toBeVisible()
  await expectAccessible(page, 'the Favorites panel')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: /^Cart/ }).click()
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible()
  await expectAccessible(page, 'the empty cart panel')
  await page.keyboard.press('Escape')

  if (isPhone()) {
    await page.getByRole('button', { name: /^Filters/ }).click()
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
    await expectAccessible(page, 'the Filters panel')
  }
})

test('the signed-in pages: profile, information, checkout with a cart', async ({ page, user }) => {
  await signInPage(page, user)
  await page.goto('/instruments/3')
  await page.getByRole('button', { name: /^Add to cart/ }).click()
  await page.getByRole('button', { name: 'Cart 1 item' }).click()
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible()
  await expectAccessible(page, 'the cart panel with a line')
  await page.keyboard.press('Escape')

  for (const path of ['/user/Profile', '/user/info', '/checkout']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, path)
  }
})
