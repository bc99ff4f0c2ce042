import type { ServerType } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'

// Stopping without dropping anyone (SIGTERM from a deploy or a process manager): the process
// reports not ready and takes no new connections, lets the requests under way finish (so a
// payment under way is recorded, or not charged), then stops its background work.
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
