import { fileURLToPath } from 'node:url'
import { autocannon } from './autocannon'

// bench:api's suggestions row (issue 24): the search box's suggestions at a fixed 100 req/s for
// 10 s, each request a query not asked before (bench-suggestion-request.cjs), nothing cached.

export const SUGGESTIONS_AIM_P99_MS = 30
export const SUGGESTIONS_PATH = '/instruments/suggestions?q=…'

const setupRequest = fileURLToPath(new URL('./bench-suggestion-request.cjs', import.meta.url))

export async function benchSuggestions(base: string) {
  const result = await autocannon({
    url: `${base}/instruments/suggestions?q=warm`,
    connections: 10,
    duration: 10,
    overallRate: 100,
    requests: [{ method: 'GET', setupRequest }],
  })
  const met =
    result.latency.p99 <= SUGGESTIONS_AIM_P99_MS && result.non2xx === 0 && result.errors === 0
  const aim =
    `Aim 'suggestions p99 <= ${SUGGESTIONS_AIM_P99_MS} ms at 100 req/s, distinct queries, uncached': ` +
    `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
    `${result.non2xx} non-2xx -> ${met ? 'met' : 'NOT met'}`
  return { result, aim }
}
