import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { ShopConfig } from '../../src/lib/shop-config'
import type { PageCache } from '../cache/page-cache'
import type { Database } from '../db/client'
import { loadPageTemplate } from './page-template'
import { DEFAULT_RENDER_THREADS, loadPageRenderer } from './renderer'
import { storefrontRoutes } from './storefront'

export async function mountStorefront(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its variables
  app: Hono<any>,
  opts: {
    distDir: string
    db: Database
    pageCache: PageCache
    origin: string
    /** What the browser is told (its Stripe key, Google's client id). */
    config?: ShopConfig
    /** Render threads (RENDER_THREADS); 0 renders in this thread. */
    renderThreads?: number
  },
) {
  const staticFiles = serveStatic({ root: opts.distDir })
  // The page template and the build's manifest are the server's, not files to hand out.
  const serverOnly = (path: string) =>
    path === '/' || path === '/index.html' || path.startsWith('/.vite/')
  app.use('*', (c, next) => (serverOnly(c.req.path) ? next() : staticFiles(c, next)))
  // Its API calls are answered in this process: no socket, the same rules as a browser's.
  const renderer = await loadPageRenderer(
    opts.distDir,
    opts.renderThreads ?? DEFAULT_RENDER_THREADS,
    async (request) => app.fetch(request),
  )
  if (!renderer) console.warn(`No page renderer beside ${opts.distDir}: run "npm run build".`)
  app.route(
    '/',
    storefrontRoutes({
      db: opts.db,
      pageCache: opts.pageCache,
      template: loadPageTemplate(opts.distDir, opts.config ?? {}),
      renderer,
      origin: opts.origin,
    }),
  )
}
