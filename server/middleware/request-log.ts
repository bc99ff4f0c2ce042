import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { Account } from '../db/schema/accounts'
import { traceFields } from '../observability/tracing'

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header('x-request-id')
    const id = given && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID()
    c.header('X-Request-Id', id)
    await next()
    const account = (c.get('account' as never) as Account | undefined)?.id
    logger.info({
      req: id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      ...(account !== undefined && { account }),
      ...traceFields(),
    })
  }
}
