import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../context'

// A browser that has signed in to an account carries `shop_device_<account id>`, a random device
// id signed with the server's secret. Its failed logins count apart from strangers' (throttle
// rule 'login-device'), so guessing a public user name can never shut its owner out
// (docs/limits.md). HttpOnly and SameSite=Strict: no script and no other site can read or send it.
// The signature also covers the account's token version, raised by every password change, reset
// and Google takeover: cookies collected while a password was known die with it.
const PURPOSE = 'device-cookie'
const ONE_YEAR_S = 365 * 24 * 60 * 60
/** Only the login routes read it; no other request needs to carry it. */
const PATH = '/api/auth'

const cookieName = (accountId: number) => `shop_device_${accountId}`

/** The account as the cookie is signed for. */
interface DeviceOwner {
  id: number
  tokenVersion: number
}

/** The device id of a validly signed cookie for this account, else undefined. */
export function knownDevice(c: Context<AppEnv>, account: DeviceOwner): string | undefined {
  const value = getCookie(c, cookieName(account.id))
  const [device, signature] = value?.split('.') ?? []
  if (!device || !signature || !/^[\w-]{16,64}$/.test(device)) return undefined
  const expected = Buffer.from(sign(c, account, device))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined
}

/** Set by every successful login; a browser that already has one keeps its device id. */
export function rememberDevice(c: Context<AppEnv>, account: DeviceOwner) {
  const device = knownDevice(c, account) ?? randomBytes(18).toString('base64url')
  const { env } = c.get('deps')
  const https = env.PUBLIC_URL?.startsWith('https://') || new URL(c.req.url).protocol === 'https:'
  setCookie(c, cookieName(account.id), `${device}.${sign(c, account, device)}`, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: https,
    path: PATH,
    maxAge: ONE_YEAR_S,
  })
}

function sign(c: Context<AppEnv>, account: DeviceOwner, device: string) {
  return c.get('deps').tokens.mac(PURPOSE, `${account.id}.${account.tokenVersion}.${device}`)
}
