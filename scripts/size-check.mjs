// The storefront's first-load budget: everything `/` fetches until the network is idle,
// counted by a headless Chromium loading the built shop, must stay under BUDGET_KB of JavaScript
// as it crossed the network (compressed body and headers) and hold no back-office, chart, Stripe
// or confetti code.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { SHOP_NODE_FLAGS } from './shop-node-flags.mjs'

const BUDGET_KB = 130
const dist = process.argv[2] ?? 'dist'
const PORT = Number(process.env.SIZE_PORT ?? 3997)
const base = `http://127.0.0.1:${PORT}`
const modulesByChunk = JSON.parse(readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8'))

const FORBIDDEN = [
  ['the back office', /\/src\/features\/admin\//],
  ['@nivo charts', /node_modules\/@nivo\//],
  ['Stripe', /node_modules\/@stripe\//],
  ['canvas-confetti', /node_modules\/canvas-confetti\//],
]

const server = spawn('node', [...SHOP_NODE_FLAGS, 'scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), DIST_DIR: dist, DATA_DIR: 'memory://' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
process.on('exit', () => server.kill('SIGTERM'))

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/instruments?page=1`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the shop did not start')
}

await waitForServer()
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const scripts = new Map()
const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
page.on('requestfinished', async (request) => {
  if (request.resourceType() !== 'script') return
  const sizes = request.sizes()
  scripts.set(new URL(request.url()).pathname, sizes)
})
await page.goto(`${base}/`, { waitUntil: 'networkidle' })
const fetched = new Map()
for (const [path, sizes] of scripts) {
  const { responseBodySize, responseHeadersSize } = await sizes
  fetched.set(path, responseBodySize + responseHeadersSize)
}
await browser.close()

let total = 0
const problems = []
const rows = []
for (const [path, bytes] of [...fetched].sort()) {
  const file = path.replace(/^\//, '')
  total += bytes
  rows.push(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`)
  for (const id of modulesByChunk[file] ?? []) {
    for (const [what, pattern] of FORBIDDEN) {
      if (pattern.test(id)) problems.push(`${what} is in the first load: ${id} (in ${file})`)
    }
  }
}

console.log('JavaScript that / fetches until the network is idle, as sent (body and headers):')
console.log(rows.join('\n'))
console.log(
  `  ${(total / 1024).toFixed(1).padStart(7)} KB  total in ${fetched.size} files (budget ${BUDGET_KB} KB)`,
)
if (total > BUDGET_KB * 1024) problems.push(`over budget: ${(total / 1024).toFixed(1)} KB`)
server.kill('SIGTERM')
if (problems.length > 0) {
  console.error(`\nSize check failed:\n- ${[...new Set(problems)].join('\n- ')}`)
  process.exit(1)
}
console.log('Size check passed.')
