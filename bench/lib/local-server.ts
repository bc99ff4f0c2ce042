import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'

/**
 * A benchmark's server on 127.0.0.1 at a free port: its origin, and a close that also ends the
 * load generator's keep-alive connections.
 */
export async function serveLocally(fetch: (request: Request) => Response | Promise<Response>) {
  const server = serve({ fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve)
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
