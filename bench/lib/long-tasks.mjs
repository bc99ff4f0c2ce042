// The main thread as a phone meets it: for each page, the longest task and how many tasks ran over
// 50 ms while it loaded, seen by the page's own PerformanceObserver, unthrottled and at 4x CPU
// slowdown (Lighthouse's mobile figure). Used by `npm run bench:web`.
import { chromium, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs'

const LOADS = 3
const SETTLE_MS = 3000

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function tasksOfOneLoad(browser, url, slowdown) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      window.longTasks = []
      new PerformanceObserver((list) => {
        for (const task of list.getEntries()) window.longTasks.push(task.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    await page.goto(url, { waitUntil: 'load' })
    // Hydration and the route's code come after `load`: wait for the app to say it took over.
    await page.locator('html[data-started]').waitFor({ state: 'attached' })
    await page.waitForTimeout(SETTLE_MS)
    return await page.evaluate(() => window.longTasks)
  } finally {
    await context.close()
  }
}

/** `{ [page]: { '1x longest (ms)', '1x over 50 ms', '4x longest (ms)', '4x over 50 ms' } }` */
export async function longTasks(pages) {
  const browser = await chromium.launch(chromiumLaunchOptions)
  const rows = {}
  try {
    for (const [name, url] of Object.entries(pages)) {
      const row = {}
      for (const slowdown of [1, 4]) {
        const loads = []
        for (let i = 0; i < LOADS; i++) loads.push(await tasksOfOneLoad(browser, url, slowdown))
        row[`${slowdown}x longest (ms)`] = Math.round(
          median(loads.map((tasks) => Math.max(0, ...tasks))),
        )
        row[`${slowdown}x over 50 ms`] = median(loads.map((tasks) => tasks.length))
      }
      rows[name] = row
    }
  } finally {
    await browser.close()
  }
  return rows
}
