import { Worker } from 'node:worker_threads'

// autocannon's fixed rate is not an even one: each connection sends its share of the second as
// fast as it is answered, then waits for the next second, so "100 req/s over 10 connections" is
// a burst of 100 requests, 10 at a time, at the start of every second (the p99 is then about
// ten requests' work). This sends them evenly instead: the same rate as a shop's visitors make
// it, one request every 10 ms, each with its own URL; or, at the same mean rate, at random
// moments as independent visitors arrive (a Poisson process: some requests meet others).

export interface PacedResult {
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** A request other than a GET: the checkout's quote is a signed-in POST. */
export interface PacedRequest {
  method: string
  headers: Record<string, string>
  body: string
}

export function pacedLoad(
  origin: string,
  paths: string[],
  rate: number,
  arrivals: 'even' | 'poisson' = 'even',
  sent?: PacedRequest,
): Promise<PacedResult> {
  const worker = new Worker(new URL('./paced-load-worker.mjs', import.meta.url), {
    workerData: { origin, paths, rate, arrivals, sent },
  })
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once(
      'message',
      ({ latencies, non2xx, errors }: { latencies: number[]; non2xx: number; errors: number }) => {
        latencies.sort((a, b) => a - b)
        const at = (q: number) => Math.round(latencies[Math.floor(latencies.length * q)] ?? 0)
        void worker.terminate()
        resolve({ p50: at(0.5), p99: at(0.99), non2xx, errors })
      },
    )
  })
}
