import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { countRequest } from './metrics'
import { inSpan, markFailed } from './tracing'

/** What a request matched nothing but middleware (a 404 of the catch-alls) is counted under. */
export const UNMATCHED = 'unmatched'

// The template of the handler that answered (`/api/instruments/:id`), never the URL: labels and
// span names stay a short fixed list whatever addresses the world asks for. A middleware that
// answered (a 413, a static file) gives its own pattern (`/api/*`, `/*`).
export function routeOf(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex]
  if (!route || (route.method === 'ALL' && c.res.status === 404)) return UNMATCHED
  return route.path
}

/** Counts and times every request by its route template, in a span of its own when tracing. */
export function observeRequests(): MiddlewareHandler {
  return (c, next) => {
    const { method } = c.req
    return inSpan(
      method,
      { 'http.request.method': method, 'url.path': c.req.path },
      async (span) => {
        const started = performance.now()
        try {
          await next()
        } finally {
          const route = routeOf(c)
          const status = c.res.status
          countRequest(route, method, status, (performance.now() - started) / 1000)
          span?.updateName(`${method} ${route}`)
          span?.setAttributes({ 'http.route': route, 'http.response.status_code': status })
          if (status >= 500) markFailed(span)
        }
      },
      { server: true },
    )
  }
}
