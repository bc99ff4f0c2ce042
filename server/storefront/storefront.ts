import { Hono } from 'hono'
import type {} from 'hono/secure-headers'
import type { PageCache } from '../cache/page-cache'
import type { Database } from '../db/client'
import { inSpan } from '../observability/tracing'
import type { loadPageTemplate } from './page-template'
import type { PageRendering } from './render-threads'
import { robotsTxt, sitemapXml } from './sitemap'

type StoredPage = { status: number; html: string } | { status: number; location: string } | null

interface StorefrontOptions {
  db: Database
  pageCache: PageCache
  template: ReturnType<typeof loadPageTemplate>
  renderer: PageRendering | null
  /** The shop's address (shop-origin.ts): every absolute link written into a page or the sitemap. */
  origin: string
}

// Storefront pages are rendered on the server and cached per URL (the same for everyone);
// personal pages get the plain shell and render in the browser.
export function storefrontRoutes({ db, pageCache, template, renderer, origin }: StorefrontOptions) {
  const routes = new Hono()

  routes.get('/robots.txt', (c) => c.text(robotsTxt(origin)))
  routes.get('/sitemap.xml', async (c) => {
    const xml = await pageCache.get(`sitemap ${origin}`, () => sitemapXml(db, origin))
    return c.body(xml as string, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
  })

  routes.get('*', async (c) => {
    const url = new URL(c.req.url)
    const path = `${url.pathname}${url.search}`
    const page = (await pageCache
      .get(`page ${origin}${path}`, async () => {
        if (!renderer) return null
        const rendered = await inSpan('render page', { 'url.path': url.pathname }, () =>
          renderer.renderPage(path, origin),
        )
        if (!rendered || rendered.kind === 'redirect') return rendered
        if (rendered.kind === 'shell') return { status: 200, html: template.shell(rendered.routes) }
        return { status: rendered.status, html: template.page(rendered) }
      })
      .catch((error: unknown) => {
        // Not cached: the browser renders the page alone, and the next request tries again.
        console.error(`Rendering ${path}`, error)
        return null
      })) as StoredPage
    c.header('Cache-Control', 'no-cache')
    if (page && 'location' in page) return c.redirect(page.location, 308)
    const html = page?.html ?? template.plainShell
    const nonce = c.get('secureHeadersNonce')
    const body = nonce ? html.replaceAll('<script', `<script nonce="${nonce}"`) : html
    return c.html(body, page?.status === 404 ? 404 : 200)
  })
  return routes
}
