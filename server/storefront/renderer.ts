import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export type PageRenderer = typeof import('../../src/entry-server')

export async function loadPageRenderer(distDir: string): Promise<PageRenderer | null> {
  const file = resolve(`${distDir}-server`, 'entry-server.js')
  if (!existsSync(file)) return null
  preferProductionBuilds()
  return (await import(pathToFileURL(file).href)) as PageRenderer
}

// React picks its build from NODE_ENV when first loaded, and the router reads NODE_ENV again on
// every render (the two must agree: a production React with a development router fails). The
// development builds check every element and render a page about twice as slowly
// (docs/decisions/2026-11-25-cheap-misses.md). A shop started without NODE_ENV renders with the
// production builds; the startup checks, which read NODE_ENV=production as "take real
// payments", have already run by then (server/index.ts, scripts/start.mjs). A NODE_ENV someone
// set (development, test) is left as it is.
function preferProductionBuilds() {
  if (process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production'
}
