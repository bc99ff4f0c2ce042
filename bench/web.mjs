// `npm run bench:web`: builds the app, starts it on a private port with a fresh in-memory
// database, and runs Lighthouse (default mobile settings, Debian's Chromium) three times on the
// home page, a product page and About us, printing the medians and the JavaScript each fetched,
// then each page's longest task and tasks over 50 ms, unthrottled and at 4x (lib/long-tasks.mjs).
// A benchmark, not a test.
import { execSync, spawn } from 'node:child_process'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { SHOP_NODE_FLAGS } from '../scripts/shop-node-flags.mjs'
import { longTasks } from './lib/long-tasks.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 3998)
const base = `http://127.0.0.1:${PORT}`
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

// BENCH_DIST: measure a build made before (say, two builds compared in the same minutes).
const DIST = process.env.BENCH_DIST
if (!DIST) execSync('npx vite build', { stdio: 'inherit' })
const server = spawn('node', [...SHOP_NODE_FLAGS, 'scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DIST_DIR: DIST ?? 'dist',
    DATA_DIR: 'memory://',
    ADMIN_PASSWORD: 'bench-admin-1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stopServer = () => server.kill('SIGTERM')
process.on('exit', stopServer)

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/instruments?page=1`)
      if (res.ok) return res.json()
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the server did not start')
}

const firstPage = await waitForServer()
const detailId = firstPage.items?.[0]?.id ?? 1
const pages = {
  home: `${base}/`,
  product: `${base}/instruments/${detailId}`,
  about: `${base}/aboutUs`,
}

/** What the largest paint was (its CSS selector): the thing to make faster. */
function lcpElement(lhr) {
  const table = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]
  return table?.items?.[0]?.node?.selector ?? 'unknown'
}

/** What the page's scripts cost on the wire (compressed, as sent). */
function scriptBytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  return requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const results = {}
const failures = []
for (const [name, url] of Object.entries(pages)) {
  const runs = []
  // A run Lighthouse could not time is tried again, twice at most for the page: Lighthouse now
  // and then loses a trace (NO_NAVSTART), and a median of two is no median.
  for (let i = 0; runs.length < RUNS && i < RUNS + 2; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    })
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      })
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
      // A run Lighthouse could not time (no LCP in its trace, say) scores 0: it would pull the
      // medians down and make them NaN, so it is named below the table instead.
      const untimed = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
        .map((id) => lhr.audits[id])
        .find((a) => a?.numericValue === undefined)
      if (lhr.categories.performance.score === null || untimed) {
        failures.push(
          `${name}, run ${i + 1}: ${untimed?.errorMessage ?? lhr.runtimeError?.message}`,
        )
        continue
      }
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
        jsBytes: scriptBytes(lhr),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        lcpElement: lcpElement(lhr),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        bytes: audit('total-byte-weight'),
        failedA11y: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
          )
          .map((a) => a.id),
      })
    } finally {
      await chrome.kill()
    }
  }
  // Every run failed: the row says so, with nothing to take a median of.
  if (runs.length === 0) {
    results[name] = { url, runs: 0 }
    continue
  }
  results[name] = {
    url,
    runs: runs.length,
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    seo: median(runs.map((r) => r.seo)),
    'FCP (s)': (median(runs.map((r) => r.fcpMs)) / 1000).toFixed(2),
    'LCP (s)': (median(runs.map((r) => r.lcpMs)) / 1000).toFixed(2),
    'LCP element': [...new Set(runs.map((r) => r.lcpElement))].join(' | '),
    'TBT (ms)': Math.round(median(runs.map((r) => r.tbtMs))),
    CLS: median(runs.map((r) => r.cls)).toFixed(3),
    'transferred (KB)': Math.round(median(runs.map((r) => r.bytes)) / 1024),
    'JS (KB)': Math.round(median(runs.map((r) => r.jsBytes)) / 1024),
    'failed a11y audits': [...new Set(runs.flatMap((r) => r.failedA11y))].join(', ') || 'none',
  }
}

console.log(
  `\nLighthouse, mobile defaults, median of ${RUNS} runs measured (a run not timed is tried again):`,
)
console.table(results)
if (failures.length) console.log(`Not measured:\n- ${failures.join('\n- ')}`)
console.log(
  'Aim: performance >= 97, LCP <= 1.5 s, TBT <= 150 ms, CLS <= 0.02, SEO 100, accessibility 100.',
)
console.log(`\nLong tasks while a page loads at 390 px, median of 3 loads (PerformanceObserver):`)
console.table(await longTasks(pages))
console.log('Aim: no task over 100 ms unthrottled.')
stopServer()
process.exit(0)
