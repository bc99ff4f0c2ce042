// Where a signed-out shopper was going when a guarded page sent them to sign in (a link in an
// order mail, the cart's checkout). Kept for this tab only, and only as a path of this app: an
// address from elsewhere would turn the sign-in into an open redirect.

const KEY = 'returnTo'
const signInPages = ['/login', '/signup']

/** The same-origin path, search and hash of `value`, or null when it leads anywhere else. */
export function appPath(value: unknown, origin = window.location.origin): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null
  // `//host` and `/\host` are read by browsers as another host.
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin || signInPages.includes(url.pathname)) return null
    // `/a/..//evil.com` normalises to `//evil.com`: another host again, once it is followed.
    if (url.pathname.startsWith('//')) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}

export function rememberReturnPath(href: string) {
  const path = appPath(href)
  try {
    if (path) sessionStorage.setItem(KEY, path)
  } catch {
    // Storage refused (private mode): the shopper signs in and lands on the usual page.
  }
}

export function forgetReturnPath() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {}
}

/** The remembered path, once: it is forgotten as it is read. */
export function takeReturnPath(): string | null {
  try {
    const stored = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    return appPath(stored)
  } catch {
    return null
  }
}
