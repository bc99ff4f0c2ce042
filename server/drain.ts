import type { ServerType } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'

// On SIGTERM: not ready, no new connections, the requests under way finish (a payment is recorded
// or not charged), then the background work stops.
export function createDrain() {
  let draining = false

  const middleware: MiddlewareHandler = async (c, next) => {
    if (draining && c.req.path === '/api/ready') {
      return c.json({ error: 'Shutting down' }, 503, { Connection: 'close' })
    }
    await next()
    if (draining) c.res.headers.set('Connection', 'close')
  }

  async function drain(server: ServerType, stopWork: () => Promise<void>) {
    if (draining) return
    draining = true
    await new Promise((resolve) => server.close(resolve))
    await stopWork()
  }

  return { middleware, drain }
}
