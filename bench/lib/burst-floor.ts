import { Hono } from 'hono'
import { autocannon } from './autocannon'
import { serveLocally } from './local-server'

// What autocannon's bursts give a request whatever its code: a handler that does nothing but keep
// the thread busy for a known time, under the same load as bench:api's cache-miss rows (100
// requests a second, 10 connections). Each connection sends its next request as soon as it is
// answered, so ten are always waiting in one thread; requests read while a batch runs wait for
// it and then for their own, and the p99 comes out near twenty times one request's cost. The
// figure is set by the connection count, which "100 req/s" does not name
// (docs/decisions/2026-11-25-cheap-misses.md, "What 100 req/s means").

const busyFor = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}

export async function burstFloor(costsMs: number[]) {
  const app = new Hono()
  app.get('/busy/:ms', (c) => {
    busyFor(Number(c.req.param('ms')))
    return c.json({ busy: true })
  })
  const server = await serveLocally(app.fetch)
  const floor: {
    'one request costs ms': number
    'bursts p50 ms': number
    'bursts p99 ms': number
  }[] = []
  for (const ms of costsMs) {
    const r = await autocannon({
      url: `${server.origin}/busy/${ms}`,
      connections: 10,
      duration: 10,
      overallRate: 100,
    })
    floor.push({
      'one request costs ms': ms,
      'bursts p50 ms': r.latency.p50,
      'bursts p99 ms': r.latency.p99,
    })
  }
  await server.close()
  return floor
}
