import { randomBytes } from 'node:crypto'
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test'
import { ADMIN_PASSWORD } from './env'

export interface TestAccount {
  userName: string
  email: string
  password: string
  token: string
}

/** A fresh shopper made through the real API (register, then log in). */
export async function createUser(request: APIRequestContext): Promise<TestAccount> {
  const userName = `shopper_${randomBytes(4).toString('hex')}`
  const email = `${userName}@example.com`
  const password = 'guitar123'
  const register = await request.post('/api/auth/register', {
    data: { userName, email, password, confirmpassword: password },
  })
  expect(register.ok(), await register.text()).toBeTruthy()
  return { userName, email, password, token: await logIn(request, userName, password) }
}

export async function logIn(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { userName, password } })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { token: string }).token
}

/** Proves the account's address as its owner would: the token of the mailed verification link. */
export async function verifyEmail(request: APIRequestContext, account: TestAccount) {
  const outbox = await request.get('/api/test/outbox', { params: { to: account.email } })
  const token = JSON.stringify(await outbox.json()).match(/verify-email\?token=([\w-]+)/)?.[1]
  expect(token, `no verification mail to ${account.email}`).toBeTruthy()
  const res = await request.post('/api/auth/verify-email', { data: { token } })
  expect(res.ok(), await res.text()).toBeTruthy()
}

export async function adminToken(request: APIRequestContext) {
  return logIn(request, 'admin', ADMIN_PASSWORD)
}

/** Opens the shop already signed in: the session store's persisted shape under `dataUser`. */
export async function signInPage(page: Page, account: { token: string; userName: string }) {
  const value = JSON.stringify({
    state: { session: { token: account.token, userName: account.userName } },
    version: 1,
  })
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('dataUser', stored)
      sessionStorage.setItem('e2e-signed-in', '1')
    }
  }, value)
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/**
 * The one toast that shows every text given (its title and its description, each exactly).
 * Sonner keeps a toast 3 s and puts the newest first, so an earlier action's toast with the same
 * title can still be on screen: name the toast by what only the new one says.
 */
export function toastWith(page: Page, ...texts: string[]) {
  return texts.reduce(
    (toast, text) => toast.filter({ has: page.getByText(text, { exact: true }) }),
    page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem'),
  )
}

/**
 * The server's HTML shows the page before its JavaScript runs; a click on a button then would be
 * lost, as a person's would. After a load, wait until the app has taken the page over.
 */
async function waitForApp<T>(page: Page, loading: Promise<T>): Promise<T> {
  const response = await loading
  await page.locator('html[data-started]').waitFor({ state: 'attached' })
  return response
}

/**
 * `page` waits for the app after goto and reload; `user`: a fresh signed-up shopper; `admin`:
 * the seeded admin's token.
 */
export const test = base.extend<{ user: TestAccount; admin: { token: string; userName: string } }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = (url, options) => waitForApp(page, goto(url, options))
    page.reload = (options) => waitForApp(page, reload(options))
    await use(page)
  },
  user: async ({ request }, use) => {
    await use(await createUser(request))
  },
  admin: async ({ request }, use) => {
    await use({ token: await adminToken(request), userName: 'admin' })
  },
})
export { expect }
