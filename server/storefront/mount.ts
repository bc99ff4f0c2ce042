import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { Database } from '../db/client'
import type { PageCache } from '../services/page-cache'
import { loadPageTemplate } from './page-template'
import { loadPageRenderer } from './renderer'
import { storefrontRoutes } from './storefront'

export async function mountStorefront(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its variables
  app: Hono<any>,
  opts: { distDir: string; db: Database; pageCache: PageCache; origin: string },
) {
  const staticFiles = serveStatic({ root: opts.distDir })
  // The page template and the build's manifest are the server's, not files to hand out.
  const serverOnly = (path: string) =>
    path === '/' || path === '/index.html' || path.startsWith('/.vite/')
  app.use('*', (c, next) => (serverOnly(c.req.path) ? next() : staticFiles(c, next)))
  const renderer = await loadPageRenderer(opts.distDir)
  if (!renderer) console.warn(`No page renderer beside ${opts.distDir}: run "npm run build".`)
  // Its API calls are answered in this process: no socket, the same rules as a browser's.
  renderer?.answerApiCallsWith((input, init) =>
    Promise.resolve(app.fetch(new Request(input, init))),
  )
  app.route(
    '/',
    storefrontRoutes({
      db: opts.db,
      pageCache: opts.pageCache,
      template: loadPageTemplate(opts.distDir),
      renderer,
      origin: opts.origin,
    }),
  )
}
