import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { accounts } from '../db/schema/accounts'
import { fail } from '../http-error'

/**
 * Needs a valid bearer token of a live account whose token version still matches:
 * no or bad token 401, a banned account 403 (ARCHITECTURE.md).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization') ?? ''
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
  if (!token) fail(401, 'You need to log in')
  const { tokens, db } = c.get('deps')
  const claims = await tokens
    .verify(token)
    .catch(() => fail(401, 'Your session has expired, log in again'))
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.id, Number(claims.sub)))
  if (!account || account.tokenVersion !== claims.ver) {
    fail(401, 'Your session has expired, log in again')
  }
  if (account.rol === 'banned') fail(403, 'You were banned!')
  c.set('account', account)
  await next()
})

/** requireAuth, then an admin account: a user's token gets 403. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  await requireAuth(c, async () => {
    if (c.get('account').rol !== 'admin') fail(403, 'Only administrators may do this')
    await next()
  })
})
