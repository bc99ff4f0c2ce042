import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi } from './test/harness'

// docs/architecture.md: without a token 401, a non-admin on an admin route 403, a banned account's
// token 403 everywhere, an admin allowed. "Allowed" means the role check let the request
// through: any answer but 401 and 403 (a 400 for the empty body is fine here).
const adminOnly: [string, string][] = [
  ['POST', '/instruments'],
  ['PUT', '/instruments'],
  ['DELETE', '/instruments'],
  ['POST', '/category'],
  ['PUT', '/category'],
  ['DELETE', '/category'],
  ['GET', '/users'],
  ['POST', '/users'],
  ['PUT', '/users/admin'],
  ['DELETE', '/users/999999'],
  ['GET', '/admins'],
  ['GET', '/admins/id'],
  ['PUT', '/admins'],
  ['POST', '/admins/register'],
  ['DELETE', '/admins'],
  ['GET', '/transactions'],
  ['GET', '/admin/shipping-zones'],
  ['POST', '/admin/shipping-zones'],
  ['PUT', '/admin/shipping-zones/999999'],
  ['DELETE', '/admin/shipping-zones/999999'],
  ['GET', '/admin/tax'],
  ['PUT', '/admin/tax'],
  ['GET', '/admin/discount-codes'],
  ['POST', '/admin/discount-codes'],
  ['PUT', '/admin/discount-codes/999999'],
  ['DELETE', '/admin/discount-codes/999999'],
]

const signedIn: [string, string][] = [
  ['GET', '/users/token'],
  ['PUT', '/users'],
  ['DELETE', '/users'],
  ['GET', '/trolley'],
  ['POST', '/trolley'],
  ['DELETE', '/trolley'],
  ['POST', '/raiting'],
  ['GET', '/transactions/user'],
  ['POST', '/payment'],
  ['POST', '/checkout/quote'],
  ['POST', '/mail/profile'],
  ['POST', '/mail/purchase'],
]

describe('authorization matrix over every protected route', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  beforeAll(async () => {
    t = await createTestApi()
  })
  afterAll(() => t.close())

  // A fresh account per call: some of these calls delete the caller.
  const call = async (method: string, path: string, rol?: 'user' | 'admin' | 'banned') => {
    const token = rol ? (await t.makeAccount({ rol })).token : undefined
    const body = method === 'GET' ? undefined : {}
    return (await t.request(method, path, { body, token })).status
  }

  describe.each(adminOnly)('%s %s (admin only)', (method, path) => {
    it('refuses no token (401), a user (403) and a banned account (403); lets an admin in', async () => {
      expect(await call(method, path)).toBe(401)
      expect(await call(method, path, 'user')).toBe(403)
      expect(await call(method, path, 'banned')).toBe(403)
      expect([401, 403]).not.toContain(await call(method, path, 'admin'))
    })
  })

  describe.each(signedIn)('%s %s (signed in)', (method, path) => {
    it('refuses no token (401) and a banned account (403); lets a user and an admin in', async () => {
      expect(await call(method, path)).toBe(401)
      expect(await call(method, path, 'banned')).toBe(403)
      expect([401, 403]).not.toContain(await call(method, path, 'user'))
      expect([401, 403]).not.toContain(await call(method, path, 'admin'))
    })
  })
})
