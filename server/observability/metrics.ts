import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

// One registry per process: each process of a cluster answers its own /metrics, and Prometheus
// sums them (README, "Watching the shop"). Recording is a few additions in memory, so it runs
// whether or not METRICS_TOKEN serves the figures.
export const registry = new Registry()
const registers = [registry]

const httpRequests = new Counter({
  name: 'shop_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'],
  registers,
})
const httpSeconds = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time from a request to its answer, by route template and method',
  labelNames: ['route', 'method'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
})
const statementSeconds = new Histogram({
  name: 'shop_db_statement_duration_seconds',
  help: 'Time of one database statement, waiting for a connection included, by its first word',
  labelNames: ['operation'],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
})
const pageCacheLookups = new Counter({
  name: 'shop_page_cache_lookups_total',
  help: 'Page cache lookups: hit, stale (answered from the cache while it reloads) or miss',
  labelNames: ['result'],
  registers,
})
const outboxUnsent = new Gauge({
  name: 'shop_mail_outbox_unsent',
  help: 'Mails in the outbox not yet handed to SMTP (read from the database at each scrape)',
  registers,
})
const outboxOldestAge = new Gauge({
  name: 'shop_mail_outbox_oldest_unsent_age_seconds',
  help: 'Age of the oldest mail not yet handed to SMTP; 0 when none waits',
  registers,
})
const jobRuns = new Counter({
  name: 'shop_periodic_job_runs_total',
  help: 'Periodic job runs in this process, by job and result (ok or failed)',
  labelNames: ['job', 'result'],
  registers,
})
const payments = new Counter({
  name: 'shop_payments_total',
  help: 'Card payments by outcome: paid, needs_action, failed (ended without money), refunded',
  labelNames: ['outcome'],
  registers,
})
const providerSeconds = new Histogram({
  name: 'shop_payment_provider_call_duration_seconds',
  help: 'Calls to the payment provider (Stripe, or the test provider), by call and result',
  labelNames: ['provider', 'call', 'result'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers,
})

export function countRequest(route: string, method: string, status: number, seconds: number) {
  httpRequests.inc({ route, method, status })
  httpSeconds.observe({ route, method }, seconds)
}

export const timeStatementMetric = (operation: string) => statementSeconds.startTimer({ operation })

export const countPageCacheLookup = (result: 'hit' | 'stale' | 'miss') =>
  pageCacheLookups.inc({ result })

export const countJobRun = (job: string, result: 'ok' | 'failed') => jobRuns.inc({ job, result })

export type PaymentOutcome = 'paid' | 'needs_action' | 'failed' | 'refunded'
export const countPayment = (outcome: PaymentOutcome) => payments.inc({ outcome })

export const timeProviderCall = (provider: string, call: string) => {
  const stop = providerSeconds.startTimer({ provider, call })
  return (result: 'ok' | 'error') => stop({ result })
}

export function setOutbox(unsent: number, oldestAgeSeconds: number) {
  outboxUnsent.set(unsent)
  outboxOldestAge.set(oldestAgeSeconds)
}

let defaultsCollected = false
/** Node's own figures (event-loop delay, heap, GC): sampled only in a shop that serves them. */
export function collectNodeMetrics() {
  if (defaultsCollected) return
  defaultsCollected = true
  collectDefaultMetrics({ register: registry })
}
