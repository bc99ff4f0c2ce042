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
  /** A POST's method, headers and body, the same for every request. */
  method?: 'POST'
  headers?: Record<string, string>
  body?: string
}

const run = createRequire(import.meta.url)('autocannon') as (
  opts: AutocannonOptions & { workers: number; ignoreCoordinatedOmission: boolean },
) => Promise<AutocannonResult>

// The load generator runs in a worker thread, so its own work does not sit on the server's
// event loop and inflate the latencies it measures.
// At a fixed rate autocannon 9 "corrects" each latency for coordinated omission with an expected
// interval of Math.ceil(1 / rate) ms (lib/run.js), where rate is a connection's requests per
// second: 1 ms instead of 100. A 40 ms answer is then counted as forty answers of 40, 39 … 1 ms,
// so slow answers outnumber the rest and the p99 lands far above the requests' own.
// Each answer counts once here; paced-load.ts is the load that times requests from when they
// were due.
export const autocannon = (opts: AutocannonOptions) =>
  run({ ...opts, workers: 1, ignoreCoordinatedOmission: opts.overallRate !== undefined })
