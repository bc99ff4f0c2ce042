import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { bearer } from '../fixtures'

// Helpers of the account journeys: the login panel, the session in storage, the outbox.

export async function logInThroughPanel(page: Page, userName: string, password: string) {
  await page.getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByLabel('userName').fill(userName)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  return dialog
}

/** The session as the page's storage holds it (null when logged out). */
export async function storedSession(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('dataUser')
    return raw
      ? ((JSON.parse(raw) as { state?: { session?: unknown } }).state?.session ?? null)
      : null
  })
}

/**
 * Logged out as a person sees it. `stored: false` skips the storage check, for a damaged
 * `dataUser` that the shop ignores on load (it is replaced at the next sign-in).
 */
export async function expectSignedOut(page: Page, { stored = true } = {}) {
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(page.getByText('Welcome')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0)
  if (stored) expect(await storedSession(page)).toBeNull()
}

/** The newest reset link mailed to `email` (GET /api/test/outbox, E2E=1 only). */
export async function resetLinkFor(request: APIRequestContext, email: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get('/api/test/outbox', { params: { to: email } })
      const mails = (await res.json()) as { subject: string; text: string }[]
      const mail = mails.find((m) => m.text.includes('resetpassword?token='))
      link = mail?.text.match(/https?:\/\/\S+resetpassword\?token=\S+/)?.[0]
      return link
    })
    .toBeTruthy()
  return new URL(link as string)
}

/** The admin API's ban: PUT /api/users/admin with rol 'banned'. */
export async function ban(request: APIRequestContext, adminToken: string, userName: string) {
  const res = await request.get('/api/users', { headers: bearer(adminToken) })
  expect(res.ok(), await res.text()).toBeTruthy()
  const users = (await res.json()) as { id: number; userName: string }[]
  const target = users.find((u) => u.userName === userName)
  expect(target, `user ${userName}`).toBeTruthy()
  const put = await request.put('/api/users/admin', {
    headers: bearer(adminToken),
    data: { id: target?.id, rol: 'banned' },
  })
  expect(put.ok(), await put.text()).toBeTruthy()
}

export async function loginStatus(request: APIRequestContext, userName: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { userName, password } })
  return res.status()
}

/**
 * A stand-in for Google's script (no network in e2e): the button it renders asks the server's
 * E2E route for a test-signed credential and hands it to the callback, as Google would.
 */
export const gsiStandIn = `
window.google = { accounts: { id: {
  initialize(config) { window.__gsi = config },
  renderButton(el) {
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Sign in with Google'
    button.onclick = async () => {
      const res = await fetch('/api/test/google-credential', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(window.__googleAccount),
      })
      const { credential } = await res.json()
      window.__gsi.callback({ credential, select_by: 'btn' })
    }
    el.appendChild(button)
  },
  prompt() {}, cancel() {}, disableAutoSelect() {},
} } }
`
