/**
 * npm run bench:render: the CPU one server render of the storefront costs, in-process, with no
 * socket and the page cache off, on 10,000 generated instruments (PGlite in memory): the home
 * page `/` (the same URL each time) and a product page (a different instrument each time).
 * A measurement, not a test: it prints a table and exits 0.
 *
 *   npm run bench:render                    renders with dist-render-server (built first if absent)
 *   npm run bench:render -- dist-a dist-b   each build in turn, in the same process and minutes,
 *                                           to compare two versions (--rounds 12: steadier); first
 *                                           it checks that they answer the same HTML for a set of
 *                                           storefront URLs (hashed file names aside)
 *   npm run bench:render -- --threads 2     rendered in 2 render threads (RENDER_THREADS) instead
 *                                           of this one; CPU ms then counts every thread, the
 *                                           messages between them included
 *   PROFILE=1 npm run bench:render          then a CPU profile of the renders: own time by package
 *                                           and by function
 *   PROFILE_DIR=/tmp/p npm run bench:render  also writes each profile there (.cpuprofile, for
 *                                           Chrome DevTools' Performance panel)
 *
 * Two tables. Whole requests: the page through the shop's routes, its API calls and their
 * PGlite queries (in this thread) included. The render alone: each build's renderPage called
 * directly, its API calls answered from memory (20 products in turn), so neither PGlite nor the
 * API's routes count. 20 renders of each page to warm up, then --rounds (4) of 50 renders per
 * page and build, the builds taking turns: 200 renders each. CPU ms is process.cpuUsage (user +
 * system) per render: the mean, and the median and lowest batch of 50; wall ms the median and
 * p99 of one render. As under `npm start`, Request and Response are @hono/node-server's (it
 * replaces the globals), and the page is taken as the server would write it to the socket: the
 * string, without reading a stream.
 */

import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { createApi } from '../server/app'
import { createDeps } from '../server/deps'
import { readEnv } from '../server/env'
import { shopOrigin } from '../server/shop-origin'
import { mountStorefront } from '../server/storefront/mount'
import type { PageRenderer } from '../server/storefront/renderer'
import { profileSelfTime, recordCpuProfile } from './lib/cpu-profile'
import { INSTRUMENTS, openBenchDatabase, seedCatalogue } from './lib/generated-catalogue'

const WARM_UP = 20
const BATCH = 50
const RENDERS = 200

const { positionals, values: flags } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '4' },
    threads: { type: 'string', default: '0' },
  },
})
const distDirs = positionals.length > 0 ? positionals : ['dist-render']
const rounds = Number(flags.rounds)

async function main() {
  for (const distDir of distDirs) {
    if (!existsSync(`${distDir}-server/entry-server.js`)) {
      execSync(`npx vite build --outDir ${distDir}`, { stdio: 'inherit' })
    }
  }
  const { database } = await openBenchDatabase(undefined)
  const { idRange } = await seedCatalogue(database.db)
  const [firstId = 1, lastId = INSTRUMENTS] = idRange.split('-').map(Number)
  const deps = await createDeps(database, readEnv({ DATA_DIR: 'memory://', SEED: '0' }))
  deps.pageCache.get = (_key, load) => load()
  const origin = shopOrigin(deps.env)

  // What serve() does under `npm start`: its lighter Request and Response become the globals.
  getRequestListener(() => new Response())
  const apps = new Map<string, Hono>()
  for (const distDir of distDirs) {
    const app = new Hono()
    app.route('/api', createApi(deps))
    const renderThreads = Number(flags.threads)
    await mountStorefront(app, {
      distDir,
      db: database.db,
      pageCache: deps.pageCache,
      origin,
      renderThreads,
    })
    apps.set(distDir, app)
  }

  // Every 50th instrument is hidden (a 404 page): those are skipped.
  let next = firstId
  const productPath = () => {
    do next = next >= lastId ? firstId : next + 1
    while ((next - firstId) % 50 === 0)
    return `/instruments/${next}`
  }
  const pages = [
    ['home /', () => '/'],
    ['product page, a new id each', productPath],
  ] as const

  const answer = async (app: Hono, path: string) => {
    const response = await app.fetch(new Request(origin + path))
    return { status: response.status, html: await pageText(response) }
  }
  const render = async (app: Hono, path: string) => {
    const { status, html } = await answer(app, path)
    if (status !== 200 || !html.includes('id="main"')) {
      throw new Error(`${path}: ${status}, not a rendered page`)
    }
  }

  if (apps.size > 1) {
    const hidden = firstId
    const urls = [
      '/',
      '/?page=2',
      '/?sort=high-price&category=Drums',
      '/?name=vintage',
      '/?name=zzzz',
      `/instruments/${firstId + 1}`,
      `/instruments/${firstId + 4321}`,
      `/instruments/${hidden}`,
      '/aboutUs',
      '/favorites',
      '/no-such-page',
    ]
    const [firstDir = '', ...others] = apps.keys()
    const firstApp = apps.get(firstDir) as Hono
    // Twice: a first render in a process may wait for code still loading, the next may not.
    for (const url of [...urls, ...urls]) {
      const expected = await answer(firstApp, url)
      for (const distDir of others) {
        const got = await answer(apps.get(distDir) as Hono, url)
        if (got.status !== expected.status || unhashed(got.html) !== unhashed(expected.html)) {
          throw new Error(`${url}: ${distDir} answers other HTML than ${firstDir}`)
        }
      }
    }
    console.log(`The same HTML from every build for ${urls.length} URLs`)
  }

  const renderers = new Map<string, (path: string) => Promise<unknown>>()
  for (const [distDir, app] of apps) renderers.set(distDir, (path) => render(app, path))
  console.log('Whole requests: the page, its API calls and their queries, the HTML')
  console.table(await timeInTurns(renderers, pages))
  if (process.env.PROFILE || process.env.PROFILE_DIR) {
    for (const [distDir, app] of apps) {
      for (const [page, path] of pages) {
        if (process.env.PROFILE_DIR) {
          await writeProfile(
            `${process.env.PROFILE_DIR}/${distDir}-${page.split(' ')[0]}.cpuprofile`,
            async () => {
              for (let i = 0; i < RENDERS; i++) await render(app, path())
            },
          )
        }
        const profile = await profileSelfTime(async () => {
          for (let i = 0; i < RENDERS; i++) await render(app, path())
        }, 30)
        console.log(`\n${distDir}, ${page}: ${RENDERS} renders in ${profile.wallMs} ms`)
        console.table(profile.packages)
        console.table(profile.functions)
      }
    }
  }

  // The render alone: each build's renderer called directly, its API calls answered from
  // memory (recorded once from the API), so neither PGlite nor the API's routes count.
  const apiApp = apps.values().next().value as Hono
  const recorded = new Map<string, { status: number; body: string; headers: [string, string][] }>()
  const alone = new Map<string, (path: string) => Promise<unknown>>()
  for (const distDir of apps.keys()) {
    const entry = pathToFileURL(resolve(`${distDir}-server`, 'entry-server.js')).href
    const renderer = (await import(entry)) as PageRenderer
    renderer.answerApiCallsWith(async (input, init) => {
      const request = new Request(input, init)
      let answer = recorded.get(request.url)
      if (!answer) {
        const response = await apiApp.fetch(request)
        const headers = [...response.headers]
        answer = { status: response.status, body: await response.text(), headers }
        recorded.set(request.url, answer)
      }
      return new Response(answer.body, { status: answer.status, headers: answer.headers })
    })
    alone.set(distDir, (path) => renderer.renderPage(path, origin))
  }
  // 20 products in turn: after the warm-up each one's answer is in memory.
  let product = 0
  const fewProducts = () => {
    product = (product % 20) + 1
    return `/instruments/${firstId + product}`
  }
  console.log('The render alone: renderPage, its API calls answered from memory')
  console.table(
    await timeInTurns(alone, [
      ['home /', () => '/'],
      ['product page, 20 ids in turn', fewProducts],
    ]),
  )
  await database.close()
}

type Pages = readonly (readonly [string, () => string])[]

// Builds take turns every BATCH renders, so a busy minute on the shared machine falls on all.
async function timeInTurns(
  subjects: Map<string, (path: string) => Promise<unknown>>,
  pages: Pages,
) {
  for (const [, path] of pages) {
    for (const run of subjects.values()) for (let i = 0; i < WARM_UP; i++) await run(path())
  }
  const cpuOf = new Map<string, number[]>()
  const wallsOf = new Map<string, number[]>()
  for (let round = 1; round <= rounds; round++) {
    for (const [page, path] of pages) {
      for (const [distDir, run] of subjects) {
        const key = `${page}\t${distDir}`
        const walls = wallsOf.get(key) ?? []
        const cpu = process.cpuUsage()
        for (let i = 0; i < BATCH; i++) {
          const started = performance.now()
          await run(path())
          walls.push(performance.now() - started)
        }
        const used = process.cpuUsage(cpu)
        wallsOf.set(key, walls)
        cpuOf.set(key, [...(cpuOf.get(key) ?? []), (used.user + used.system) / 1000 / BATCH])
      }
    }
  }
  return [...cpuOf].map(([key, batches]) => {
    const [page, build] = key.split('\t')
    const walls = (wallsOf.get(key) ?? []).sort((a, b) => a - b)
    const sorted = [...batches].sort((a, b) => a - b)
    const at = (list: number[], share: number) =>
      (list[Math.floor((list.length - 1) * share)] ?? 0).toFixed(2)
    return {
      page,
      build,
      renders: walls.length,
      'CPU ms': (batches.reduce((a, b) => a + b, 0) / batches.length).toFixed(2),
      'CPU ms, median batch': at(sorted, 0.5),
      'CPU ms, lowest batch': at(sorted, 0),
      'wall p50': at(walls, 0.5),
      'wall p99': at(walls, 0.99),
    }
  })
}

// @hono/node-server writes a Response made from a string straight to the socket.
async function pageText(response: Response) {
  const cache = Object.getOwnPropertySymbols(response).find((key) => key.description === 'cache')
  const body = cache && (response as unknown as Record<symbol, unknown[]>)[cache]?.[1]
  return typeof body === 'string' ? body : await response.text()
}

// Built files are named by their content's hash: two builds of different code differ there; and
// the state says when its data was fetched.
const unhashed = (html: string) =>
  html.replace(/-[\w-]{8}\.(js|css)/g, '.$1').replace(/(UpdatedAt|dehydratedAt)":\d+/g, '$1":0')

async function writeProfile(file: string, work: () => Promise<void>) {
  const profile = await recordCpuProfile(work, 100)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(profile))
  console.log(`profile written: ${file}`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
