import { createRequire } from 'node:module'

/** The few fields of autocannon's result the benchmarks read (the package ships no types). */
export interface AutocannonResult {
  requests: { average: number }
  latency: { p50: number; p99: number }
  '2xx': number
  non2xx: number
  errors: number
  timeouts: number
}

export interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  overallRate?: number
  requests?: { method: 'GET'; setupRequest: string }[]
}

const run = createRequire(import.meta.url)('autocannon') as (
  opts: AutocannonOptions & { workers: number },
) => Promise<AutocannonResult>

// The load generator runs in a worker thread, so its own work does not sit on the server's
// event loop and inflate the latencies it measures.
export const autocannon = (opts: AutocannonOptions) => run({ ...opts, workers: 1 })
