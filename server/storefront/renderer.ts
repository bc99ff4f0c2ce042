import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type PageRendering, startRenderThreads } from './render-threads'

export type PageRenderer = typeof import('../../src/entry-server')

/**
 * The built renderer, in `threads` render threads (render-threads.ts), or in this thread with 0.
 * `answerApi` answers the API calls it makes while it renders.
 */
export async function loadPageRenderer(
  distDir: string,
  threads: number,
  answerApi: (request: Request) => Promise<Response>,
): Promise<PageRendering | null> {
  const file = resolve(`${distDir}-server`, 'entry-server.js')
  if (!existsSync(file)) return null
  preferProductionBuilds()
  if (threads > 0) return startRenderThreads(file, threads, answerApi)
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer
  renderer.answerApiCallsWith((input, init) => answerApi(new Request(input, init)))
  return renderer
}

/**
 * None unless RENDER_THREADS asks: on a 2-core machine the threads' messages cost more than they
 * freed (docs/decisions/2026-11-24-server-rendering.md has the figure).
 */
export const DEFAULT_RENDER_THREADS = 0

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
