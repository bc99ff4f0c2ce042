import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

/**
 * A fixed-window counter per client and bucket, kept in memory: enough for one process.
 * Login and mail endpoints use it so nobody can guess passwords or send mail in bulk.
 * At `maxKeys` clients only the expired windows are dropped, never the live counters (clearing
 * them all would let anyone reset everyone's limit by sending from many addresses).
 */
export function createRateLimiter(opts: { limit: number; windowMs: number; maxKeys?: number }) {
  const maxKeys = opts.maxKeys ?? 10_000
  // Insertion order is window order (a new window is deleted and re-inserted), so the expired
  // entries are at the front and a sweep stops at the first live one.
  const hits = new Map<string, { count: number; resetAt: number }>()
  function dropExpired(now: number) {
    for (const [key, entry] of hits) {
      if (entry.resetAt > now) break
      hits.delete(key)
    }
  }
  return {
    /** Returns the seconds to wait when over the limit, otherwise 0. */
    take(key: string, now = Date.now()): number {
      const entry = hits.get(key)
      if (!entry || entry.resetAt <= now) {
        hits.delete(key)
        if (hits.size >= maxKeys) dropExpired(now)
        hits.set(key, { count: 1, resetAt: now + opts.windowMs })
        return 0
      }
      entry.count += 1
      return entry.count > opts.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0
    },
    /** How many clients are counted (tests and diagnostics). */
    get size() {
      return hits.size
    },
    reset() {
      hits.clear()
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

/**
 * The client is the socket's remote address. X-Forwarded-For is anyone's to write, so it is read
 * only behind a reverse proxy (TRUST_PROXY=1), and then its last entry: the address the proxy
 * itself saw, which the client cannot choose.
 */
export function clientKey(c: Context<AppEnv>): string {
  if (c.get('deps').env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress || 'local'
}

export function rateLimit(bucket: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const wait = c.get('deps').rateLimiter.take(`${bucket}:${clientKey(c)}`)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json({ error: 'Too many attempts, try again later' }, 429)
    }
    await next()
  }
}
