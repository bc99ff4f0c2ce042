import { eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { type Account, accounts, endedSessions } from '../db/schema/accounts'
import { fail } from '../http-error'

function bearerToken(c: Context<AppEnv>): string {
  const header = c.req.header('Authorization') ?? ''
  return header.startsWith('Bearer ') ? header.slice(7).trim() : ''
}

async function accountOfToken(c: Context<AppEnv>, token: string): Promise<Account | undefined> {
  const { tokens, db } = c.get('deps')
  const claims = await tokens.verify(token).catch(() => undefined)
  if (!claims?.jti || !/^\d+$/.test(claims.sub)) return undefined
  // A subquery, not a join: every signed-in request asks this, and planning a join of the two
  // tables cost the embedded database several times what planning this does.
  const [row] = await db
    .select({
      account: accounts,
      ended: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.jti} = ${claims.jti})`,
    })
    .from(accounts)
    .where(eq(accounts.id, Number(claims.sub)))
  if (!row || row.ended) return undefined
  return row.account.tokenVersion === claims.ver ? row.account : undefined
}

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

export async function optionalAccount(c: Context<AppEnv>): Promise<Account | null> {
  const token = bearerToken(c)
  if (!token) return null
  const account = await accountOfToken(c, token)
  return account && account.rol !== 'banned' ? account : null
}

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

/** When the request's bearer token was issued (ms), for steps that need a recent sign-in. */
export async function sessionIssuedAt(c: Context<AppEnv>): Promise<number | undefined> {
  const claims = await c
    .get('deps')
    .tokens.verify(bearerToken(c))
    .catch(() => undefined)
  return typeof claims?.iat === 'number' ? claims.iat * 1000 : undefined
}
