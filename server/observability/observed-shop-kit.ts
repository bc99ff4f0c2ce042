import { Writable } from 'node:stream'
import { Hono } from 'hono'
import pino from 'pino'
import { requestLog } from '../middleware/request-log'
import type { createTestApi } from '../test/harness'
import { cardPayment } from '../test/payment-kit'
import { mountMetrics } from './metrics-route'
import { observeRequests } from './requests'

type TestApi = Awaited<ReturnType<typeof createTestApi>>

/**
 * The test API inside the outer app as server/index.ts builds it: requests observed first, then
 * the request log, the API under /api, its catch-all, and /metrics when given a token.
 */
export function observedShop(t: TestApi, opts: { metricsToken?: string } = {}) {
  const logLines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const app = new Hono()
  app.use(observeRequests())
  app.use(requestLog(pino(sink)))
  app.route('/api', t.api)
  app.all('/api/*', (c) => c.json({ error: 'No such API path' }, 404))
  mountMetrics(app, { token: opts.metricsToken, db: t.db })

  function request(
    method: string,
    path: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    return app.request(
      `http://localhost${path}`,
      { method, headers, body },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    )
  }
  /** POST /api/payment: one unit of the instrument, paid with a test card. */
  const pay = (token: string, instrumentId: number, card = 'pm_card_visa') =>
    request('POST', '/api/payment', { token, body: cardPayment(card, instrumentId) })
  return { app, request, pay, logLines }
}

/** The samples of a Prometheus text page: `value(name, labels)` reads one, 0 when absent. */
export function parseMetrics(text: string) {
  const samples = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labelText = '', value = ''] =
        /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? []
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      )
      return { name, labels, value: Number(value) }
    })
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    )
  return {
    samples,
    /** The sum of the samples of `name` carrying `labels` (and any others). */
    value: (name: string, labels: Record<string, string> = {}) =>
      matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name: string, labels: Record<string, string> = {}) => matching(name, labels).length > 0,
  }
}
