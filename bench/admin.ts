/**
 * npm run bench:admin: the back office at 100,000 instruments, 100,000 sales and 100,000 shoppers,
 * as the browser meets it. A shop on a fresh database in a temporary folder gets the bulk data,
 * then the built app is opened in Chromium as the admin, tab by tab: how long until a tab's rows
 * show (from the navigation's start, the median of three cold loads, and from a click on the tab
 * in the open back office), and how long a search takes to redraw the table (typed at once,
 * answered by the server). Also the size of each table's answers. A measurement, not a test: it
 * prints the figures and exits 0. BENCH_ROWS changes the 100,000; BENCH_SKIP_BUILD=1 keeps an
 * existing dist/; BENCH_DATA_DIR copies an already seeded data folder instead of seeding.
 */

import { execSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { SHOP_NODE_FLAGS } from '../scripts/shop-node-flags.mjs'
import { openDatabase } from '../server/db/client'
import { seedBulkInstruments, seedIfEmpty } from '../server/seed/seed'
import { seedBulkSales, seedBulkShoppers } from '../server/seed/seed-bulk-back-office'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const PORT = Number(process.env.BENCH_PORT ?? 3996)
const ADMIN_PASSWORD = 'bench-admin-1'
const base = `http://127.0.0.1:${PORT}`

// Each tab, the table that shows its rows, and what an admin might type in its search box.
const TABS = [
  {
    tab: 'instruments',
    link: 'Instruments',
    table: 'Instrument list',
    api: 'admin/instruments',
    searches: ['#99999', 'Fender', 'Yamaha FG800', 'no such thing', '#1'],
  },
  {
    tab: 'users',
    link: 'Users',
    table: 'User list',
    api: 'admin/users',
    searches: ['shopper9999', 'PER12', 'no such thing', '7'],
  },
  {
    tab: 'historyshops',
    link: 'Historyshops',
    table: 'Sales',
    api: 'admin/sales',
    searches: ['#99999', 'Fender', 'no such thing', 'Stratocaster #1'],
  },
] as const

if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync('dist/index.html')) {
  execSync('npx vite build', { stdio: 'inherit' })
}
const dataDir = mkdtempSync(join(tmpdir(), 'bench-admin-'))
// BENCH_DATA_DIR: a copy of a database seeded by an earlier run (seeding takes minutes).
if (process.env.BENCH_DATA_DIR) {
  cpSync(process.env.BENCH_DATA_DIR, dataDir, { recursive: true })
} else {
  const database = await openDatabase({ dataDir })
  await seedIfEmpty(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: undefined })
  const seeding = performance.now()
  await seedBulkInstruments(database.db, ROWS)
  await seedBulkSales(database.db, ROWS)
  await seedBulkShoppers(database.db, ROWS)
  // What PostgreSQL's autovacuum would do after such a load; PGlite has no autovacuum.
  await database.db.execute(sql`ANALYZE`)
  const seconds = Math.round((performance.now() - seeding) / 1000)
  console.log(`Seeded ${ROWS} instruments, sales and shoppers in ${seconds} s`)
  await database.close()
}

const server = spawn('node', [...SHOP_NODE_FLAGS, 'scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', stop)

async function adminToken() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
      })
      if (res.ok) return ((await res.json()) as { token: string }).token
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the shop did not start')
}

const token = await adminToken()
const get = async (path: string) => {
  const started = performance.now()
  const res = await fetch(`${base}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } })
  const bytes = (await res.arrayBuffer()).byteLength
  return { bytes, ms: performance.now() - started, status: res.status }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

// The answers themselves: first page, each search, sorted both ways, and a far page.
const answers: Record<string, Record<string, number>> = {}
for (const { api, searches } of TABS) {
  const paths = [
    api,
    ...searches.map((q) => `${api}?q=${encodeURIComponent(q)}`),
    `${api}?sort=id&dir=desc`,
    `${api}?page=3000`,
  ]
  const runs = []
  for (const path of paths) runs.push(await get(path))
  for (const path of paths) runs.push(await get(path))
  answers[`GET /api/${api}`] = {
    'largest answer (KB)': Math.round(Math.max(...runs.map((r) => r.bytes)) / 102.4) / 10,
    'median (ms)': Math.round(median(runs.map((r) => r.ms))),
    'slowest (ms)': Math.round(Math.max(...runs.map((r) => r.ms))),
  }
}
const summary = [await get('admin/sales/summary'), await get('admin/sales/summary')]
answers['GET /api/admin/sales/summary'] = {
  'largest answer (KB)': Math.round((summary[0]?.bytes ?? 0) / 102.4) / 10,
  'median (ms)': Math.round(Math.min(...summary.map((r) => r.ms))),
  'slowest (ms)': Math.round(Math.max(...summary.map((r) => r.ms))),
}

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})

const rowsOf = (table: string) => `section[aria-label="${table}"] tbody tr[data-index]`

async function openPage(cpuSlowdown: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  await page.addInitScript(
    (session) => {
      localStorage.setItem('dataUser', JSON.stringify({ state: { session }, version: 1 }))
    },
    { token, userName: 'admin' },
  )
  return page
}

// The page's own clock in the first frame that has the rows: asking the page afterwards added
// Playwright's round trips to every figure.
async function waitForRows(page: Page, table: string) {
  const seen = await page.waitForFunction(
    (selector) => document.querySelector(selector) && performance.now(),
    rowsOf(table),
    { polling: 'raf', timeout: 60_000 },
  )
  return (await seen.jsonValue()) as number
}

const NAVIGATIONS = 3

async function measure(cpuSlowdown: number) {
  const results: Record<string, Record<string, number>> = {}
  for (const [index, { tab, table, searches }] of TABS.entries()) {
    // Cold loads swing with the machine's load: the median of three, each in a fresh page.
    const navigations: number[] = []
    let page = await openPage(cpuSlowdown)
    for (let load = 0; load < NAVIGATIONS; load++) {
      if (load > 0) {
        await page.close()
        page = await openPage(cpuSlowdown)
      }
      await page.goto(`${base}/admin?tab=${tab}`)
      navigations.push(await waitForRows(page, table))
    }
    // Searches start once the tab has settled (Historyshops' summary loads beside its rows).
    await page.waitForLoadState('networkidle')
    const searchMs: number[] = []
    for (const query of searches) searchMs.push(await page.evaluate(search, { query, table }))
    // From the open back office: a click on this tab's link, from the tab before it.
    const before = TABS[(index + TABS.length - 1) % TABS.length]
    await page.goto(`${base}/admin?tab=${before?.tab}`)
    await waitForRows(page, before?.table ?? '')
    // The click's own time, as the page saw it: the same clock as the rows'.
    await page.evaluate(() =>
      addEventListener('click', (event) => Object.assign(window, { clickedAt: event.timeStamp }), {
        once: true,
        capture: true,
      }),
    )
    await page.getByRole('link', { name: TABS[index]?.link, exact: true }).click()
    const switchMs =
      (await waitForRows(page, table)) -
      (await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt))
    await page.close()
    results[tab] = {
      'rows shown, from navigation, median of 3 (ms)': Math.round(median(navigations)),
      'slowest of the 3 (ms)': Math.round(Math.max(...navigations)),
      'rows shown, from a tab click (ms)': Math.round(switchMs),
      'search redraw, median (ms)': Math.round(median(searchMs)),
      'search redraw, slowest (ms)': Math.round(Math.max(...searchMs)),
    }
  }
  return results
}

async function search({ query, table }: { query: string; table: string }) {
  const input = document.querySelector<HTMLInputElement>('.admin-search input[type="search"]')
  const body = document.querySelector(`section[aria-label="${table}"] tbody`)
  if (!input || !body) throw new Error('no search box or table')
  const before = body.innerHTML
  const started = performance.now()
  // React tracks the value through the native setter; a plain assignment would be ignored.
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(input, query)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  while (body.innerHTML === before) await new Promise((resolve) => setTimeout(resolve, 0))
  await new Promise((resolve) => requestAnimationFrame(resolve))
  return performance.now() - started
}

const here = await measure(1)
const slow = await measure(4)
await browser.close()
console.log(`\nBack office with ${ROWS} instruments, ${ROWS} sales and ${ROWS} shoppers (PGlite):`)
console.log('\nThe tables’ answers (each search, a sort and a far page, twice):')
console.table(answers)
console.log('\nChromium at 1280 px, this machine:')
console.table(here)
console.log('\nChromium at 1280 px, 4x CPU slowdown:')
console.table(slow)
console.log(
  'Aim: rows within 1000 ms of a tab opening, a search redrawn within 150 ms, no answer above 200 KB.',
)
process.exit(0)
