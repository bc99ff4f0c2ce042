import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { type Account, accounts, endedSessions } from '../db/schema/accounts'
import { fail } from '../http-error'

function bearerToken(c: Context<AppEnv>): string {
  const header = c.req.header('Authorization') ?? ''
  return header.startsWith('Bearer ') ? header.slice(7).trim() : ''
}

// The account a token was signed for, if the token is valid and its version still matches the
// account's (a password change, ban or deletion ends earlier tokens). Banned accounts included.
async function accountOfToken(c: Context<AppEnv>, token: string): Promise<Account | undefined> {
  const { tokens, db } = c.get('deps')
  const claims = await tokens.verify(token).catch(() => undefined)
  if (!claims?.jti || !/^\d+$/.test(claims.sub)) return undefined
  const [row] = await db
    .select({ account: accounts, ended: endedSessions.jti })
    .from(accounts)
    .leftJoin(endedSessions, eq(endedSessions.jti, claims.jti))
    .where(eq(accounts.id, Number(claims.sub)))
  if (!row || row.ended !== null) return undefined
  return row.account.tokenVersion === claims.ver ? row.account : undefined
}

// Needs a valid bearer token of a live account whose token version still matches:
// no or bad token 401, a banned account 403 (docs/architecture.md).
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c)
  if (!token) fail(401, 'You need to log in')
  const account = await accountOfToken(c, token)
  if (!account) fail(401, 'Your session has expired, log in again')
  if (account.rol === 'banned') fail(403, 'You were banned!')
  c.set('account', account)
  await next()
})

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  await requireAuth(c, async () => {
    if (c.get('account').rol !== 'admin') fail(403, 'Only administrators may do this')
    await next()
  })
})

// For routes open to everyone that show more to some callers: the live, non-banned account of
// a valid bearer token (the same checks as requireAuth), or null. It never answers 401 itself.
export async function optionalAccount(c: Context<AppEnv>): Promise<Account | null> {
  const token = bearerToken(c)
  if (!token) return null
  const account = await accountOfToken(c, token)
  return account && account.rol !== 'banned' ? account : null
}

/**
 * POST /auth/logout: ends the session of this bearer token on the server (it answers 401 from
 * now on); the person's other sessions go on. An unusable token has nothing to end.
 */
export async function endSession(c: Context<AppEnv>): Promise<boolean> {
  const { tokens, db } = c.get('deps')
  const claims = await tokens.verify(bearerToken(c)).catch(() => undefined)
  if (!claims?.jti || !claims.exp) return false
  await db
    .insert(endedSessions)
    .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
    .onConflictDoNothing()
  return true
}
