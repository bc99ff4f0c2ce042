/**
 * npm run bench:admin: the back office's Instruments tab with 10,000 instruments, as the browser
 * meets it. A shop on a fresh database in a temporary folder gets the bulk catalogue, then the
 * built app is opened in Chromium as the admin: how long until the table's rows show (from the
 * navigation's start), and how long a search takes to redraw the table. A measurement, not a
 * test: it prints the figures and exits 0.
 */

import { execSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { openDatabase } from '../db/client'
import { seedBulkInstruments, seedIfEmpty } from '../db/seed'

const INSTRUMENTS = 10_000
const PORT = Number(process.env.BENCH_PORT ?? 3996)
const ADMIN_PASSWORD = 'bench-admin-1'
const SEARCHES = ['#9999', 'Fender', 'Yamaha FG800', 'no such thing', '#1']
const base = `http://127.0.0.1:${PORT}`

if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' })
const dataDir = mkdtempSync(join(tmpdir(), 'bench-admin-'))
const database = await openDatabase({ dataDir })
await seedIfEmpty(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: undefined })
await seedBulkInstruments(database.db, INSTRUMENTS)
await database.close()

const server = spawn('node', ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', stop)

async function adminToken() {
  for (let i = 0; i < 120; i++) {
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
const list = await fetch(`${base}/api/instruments`, {
  headers: { Authorization: `Bearer ${token}` },
})
const listBytes = (await list.arrayBuffer()).byteLength

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
async function measure(cpuSlowdown: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  await page.addInitScript(
    (session) => {
      localStorage.setItem('dataUser', JSON.stringify({ state: { session }, version: 1 }))
    },
    { token, userName: 'admin' },
  )
  await page.goto(`${base}/admin?tab=instruments`)
  await page.waitForFunction(
    () => document.querySelector('.admin-table tbody tr[data-index]'),
    null,
    {
      polling: 'raf',
      timeout: 60_000,
    },
  )
  const rowsShownMs = await page.evaluate(() => performance.now())
  const rowsDrawn = await page.locator('.admin-table tbody tr[data-index]').count()
  const searchMs: number[] = []
  for (const text of SEARCHES) {
    searchMs.push(await page.evaluate(search, text))
  }
  await page.close()
  const sorted = [...searchMs].sort((a, b) => a - b)
  return {
    'rows shown after (ms from navigation)': Math.round(rowsShownMs),
    'rows drawn in the table': rowsDrawn,
    'search redraw, median (ms)': Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    'search redraw, slowest (ms)': Math.round(sorted.at(-1) ?? 0),
  }
}

async function search(query: string) {
  const input = document.querySelector<HTMLInputElement>('.admin-search input')
  const body = document.querySelector('.admin-table tbody')
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

const results = { 'this machine': await measure(1), '4x CPU slowdown': await measure(4) }
await browser.close()
console.log(
  `\nBack office, Instruments tab, ${INSTRUMENTS} instruments (plus the demo catalogue); the list answer is ${Math.round(listBytes / 1024)} KB of JSON:`,
)
console.table(results)
console.log('Aim: rows within 1000 ms, a search within 100 ms.')
process.exit(0)
