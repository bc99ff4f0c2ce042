import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

/**
 * A fixed-window counter per client and bucket, kept in memory: enough for one process.
 * Login and mail endpoints use it so nobody can guess passwords or send mail in bulk.
 */
export function createRateLimiter(opts: { limit: number; windowMs: number }) {
  const hits = new Map<string, { count: number; resetAt: number }>()
  return {
    /** Returns the seconds to wait when over the limit, otherwise 0. */
    take(key: string, now = Date.now()): number {
      const entry = hits.get(key)
      if (!entry || entry.resetAt <= now) {
        if (hits.size > 10_000) hits.clear()
        hits.set(key, { count: 1, resetAt: now + opts.windowMs })
        return 0
      }
      entry.count += 1
      return entry.count > opts.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0
    },
    reset() {
      hits.clear()
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

function clientKey(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return forwarded || env?.incoming?.socket?.remoteAddress || 'local'
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
