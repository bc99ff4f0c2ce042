import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../context'
import type { ThrottleRuleName } from '../throttles/throttle-rules'
import { addressKey } from './address-key'

// X-Forwarded-For is anyone's to write: it is read only behind a proxy (TRUST_PROXY=1), and
// then its last entry, the address the proxy itself saw; otherwise the socket's address.
// An IPv6 client counts by its /64 (address-key.ts).
export function clientKey(c: Context<AppEnv>): string {
  return addressKey(clientAddress(c))
}

function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress || 'local'
}

export function tooManyAttempts(seconds: number): never {
  throw new HTTPException(429, {
    res: Response.json(
      { error: 'Too many attempts, try again later' },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    ),
  })
}

export async function takeAttempts(
  c: Context<AppEnv>,
  attempts: [rule: ThrottleRuleName, subject: string][],
) {
  const { throttle } = c.get('deps')
  for (const [rule, subject] of attempts) {
    const wait = await throttle.hit(rule, subject)
    if (wait > 0) tooManyAttempts(wait)
  }
}

export async function refuseWhileThrottled(
  c: Context<AppEnv>,
  subjects: [rule: ThrottleRuleName, subject: string][],
) {
  const { throttle } = c.get('deps')
  const waits = await Promise.all(subjects.map(([rule, subject]) => throttle.check(rule, subject)))
  const wait = Math.max(0, ...waits)
  if (wait > 0) tooManyAttempts(wait)
}

/**
 * One mailbox however it is written: case, a `+tag` and (at Gmail) dots make no other, so
 * `A.b+1@gmail.com` and `ab@googlemail.com` share one budget.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return email.toLowerCase()
  let local = email.slice(0, at).toLowerCase().split('+')[0] ?? ''
  let domain = email.slice(at + 1).toLowerCase()
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replaceAll('.', '')
  return `${local}@${domain}`
}

export function limitPerAddress(rule: ThrottleRuleName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await takeAttempts(c, [[rule, clientKey(c)]])
    await next()
  }
}
