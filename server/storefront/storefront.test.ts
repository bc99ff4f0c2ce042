import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ShopConfig } from '../../src/lib/shop-config'
import { categories, instruments } from '../db/schema/catalog'
import { shopOrigin } from '../shop-origin'
import { createTestApi } from '../test/harness'
import { mountStorefront } from './mount'
import { loadPageTemplate } from './page-template'
import type { PageRenderer } from './renderer'
import { storefrontRoutes } from './storefront'

let t: Awaited<ReturnType<typeof createTestApi>>
const ids: Record<string, number> = {}

/** A built index.html and manifest as `vite build` writes them, in a folder of the test's own. */
function builtTemplate(config: ShopConfig = {}) {
  return loadPageTemplate(builtDist(), config)
}

function builtDist() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-dist-'))
  writeFileSync(
    join(dir, 'index.html'),
    '<html><head><link rel="stylesheet" crossorigin href="/assets/shop.css"><!--head--><title>Instrument Shop</title><!--/head--></head><body><div id="root"><!--page--></div><!--state--><script type="module" src="/assets/main.js"></script></body></html>',
  )
  const manifest = {
    'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/routes/aboutUs.tsx?tsr-split=component': {
      file: 'assets/about.js',
      imports: ['_shared.js'],
      css: ['assets/about.css'],
    },
    'src/routes/checkout.tsx?tsr-split=component': { file: 'assets/checkout.js' },
    'src/routes/checkout.tsx?tsr-split=errorComponent': { file: 'assets/checkout-error.js' },
    'src/routes/admin/index.tsx?tsr-split=component---loader': {
      file: 'assets/admin.js',
      imports: ['_shared.js', '_table.js'],
      css: ['assets/admin.css'],
    },
    '_table.js': { file: 'assets/table.js' },
    'node_modules/ky/distribution/index.js': { file: 'assets/distribution.js' },
  }
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets/shop.css'), '.banner{color:red}')
  mkdirSync(join(dir, '.vite'))
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest))
  return dir
}

let renders = 0
const renderer = {
  answerApiCallsWith: () => {},
  renderPage: async (url: string, origin: string) => {
    renders += 1
    if (url === '/checkout') return { kind: 'shell', routes: ['__root__', '/checkout'] }
    if (url.startsWith('/admin')) return { kind: 'shell', routes: ['__root__', '/admin/'] }
    if (url === '/aboutUs?broken' && renders === 1) throw new Error('the API is down')
    if (url === '/?page=1') return { kind: 'redirect', status: 308, location: '/' }
    const missing = url.startsWith('/instruments/')
    return {
      kind: 'page',
      status: missing ? 404 : 200,
      head: `<title>${url} at ${origin}</title>`,
      body: `<main>render ${renders}</main>`,
      state: '<script id="shop-state" type="application/json">{}</script>',
      routes: ['__root__', url === '/aboutUs' ? '/aboutUs' : '/'],
    }
  },
} as unknown as PageRenderer

function builtPage(template: ReturnType<typeof builtTemplate>) {
  return template.page({ head: '', routes: [], body: '', state: '' })
}

function shop(nonce?: string, origin = 'https://shop.example') {
  const app = new Hono()
  if (nonce) {
    app.use((c, next) => {
      c.set('secureHeadersNonce', nonce)
      return next()
    })
  }
  app.route(
    '/',
    storefrontRoutes({
      db: t.db,
      pageCache: t.deps.pageCache,
      template: builtTemplate(),
      renderer,
      origin,
    }),
  )
  return app
}

beforeAll(async () => {
  t = await createTestApi()
  const [open, hidden] = await t.db
    .insert(categories)
    .values([{ name: 'Guitars' }, { name: 'Hidden', isBanned: true }])
    .returning()
  if (!open || !hidden) throw new Error('no categories')
  const base = {
    brand: 'B',
    price: 10,
    img: '/i.svg',
    description: 'd',
    stock: 1,
    status: 'New' as const,
  }
  const rows = await t.db
    .insert(instruments)
    .values([
      { ...base, name: 'Visible', categoryId: open.id },
      { ...base, name: 'Banned', categoryId: open.id, isBanned: true },
      { ...base, name: 'In a banned category', categoryId: hidden.id },
    ])
    .returning()
  for (const row of rows) ids[row.name] = row.id
})
afterAll(() => t.close())

describe('robots.txt and sitemap.xml', () => {
  it('lists the fixed pages and the instruments a shopper may see, at the public address', async () => {
    const res = await shop().request('http://localhost/sitemap.xml')
    expect(res.headers.get('Content-Type')).toContain('application/xml')
    const xml = await res.text()
    expect(xml).toContain('<loc>https://shop.example/</loc>')
    expect(xml).toContain('<loc>https://shop.example/aboutUs</loc>')
    expect(xml).toContain(`<loc>https://shop.example/instruments/${ids.Visible}</loc>`)
    expect(xml).not.toContain(`/instruments/${ids.Banned}<`)
    expect(xml).not.toContain(`/instruments/${ids['In a banned category']}<`)
  })

  it('points crawlers at the sitemap and away from personal pages', async () => {
    const robots = await (await shop().request('http://localhost/robots.txt')).text()
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml')
    expect(robots).toContain('Disallow: /checkout')
  })
})

describe('storefront pages', () => {
  it('puts the rendered head, route chunks, page and state into the built index.html', async () => {
    const html = await (await shop().request('http://localhost/aboutUs')).text()
    expect(html).toContain(
      '<head><style>.banner{color:red}</style><title>/aboutUs at https://shop.example</title>',
    )
    expect(html).not.toContain('<title>Instrument Shop</title>')
    // The route's chunks wait in a template for the loader: nothing ahead of the main picture.
    expect(html).toContain(
      '<template id="route-chunks"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/about.js"></template>',
    )
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/about.css">')
    // The entry's own imports are already named by index.html.
    expect(html).not.toContain('href="/assets/shared.js"')
    expect(html).toMatch(/<div id="root"><main>render \d+<\/main><\/div><script id="shop-state"/)
    // The app is asked for after the first paint, not by a tag the parser meets.
    expect(html).not.toContain('<script type="module" src="/assets/main.js">')
    expect(html).toMatch(/<script>[^<]*import\("\/assets\/main\.js"\)[^<]*<\/script>/)
    expect(html).not.toContain('distribution.js')
  })

  it("names a personal page's route chunks and the API client in its shell, to load with the entry", async () => {
    const preload = (file: string) =>
      `<link rel="modulepreload" fetchpriority="high" crossorigin href="/assets/${file}">`
    const admin = await (await shop().request('http://localhost/admin?tab=users')).text()
    expect(admin).toContain(
      `<link rel="stylesheet" crossorigin href="/assets/admin.css">${preload('admin.js')}${preload('table.js')}` +
        '<link rel="modulepreload" crossorigin href="/assets/distribution.js"></head>',
    )
    expect(admin).not.toContain('href="/assets/shared.js"')
    expect(admin).toContain('<script type="module" src="/assets/main.js">')
    const checkout = await (await shop().request('http://localhost/checkout')).text()
    expect(checkout).toContain(preload('checkout.js'))
    expect(checkout).not.toContain('checkout-error.js')
    expect(checkout).not.toContain('admin.js')
  })

  it('tells every page the settings the browser needs, read at start rather than built in', async () => {
    const config = { stripePublishableKey: 'pk_test_</script>', googleClientId: 'client-1' }
    const template = builtTemplate(config)
    const script =
      '<script id="shop-config" type="application/json">' +
      '{"stripePublishableKey":"pk_test_\\u003c/script>","googleClientId":"client-1"}</script>'
    for (const html of [template.plainShell, template.shell([]), builtPage(template)]) {
      expect(html).toContain(script)
    }
    expect(builtTemplate().plainShell).toContain(
      '<script id="shop-config" type="application/json">{}</script>',
    )
  })

  it('renders a URL once and answers it from memory until the catalogue changes', async () => {
    t.deps.pageCache.clear()
    const app = shop()
    const first = await (await app.request('http://localhost/')).text()
    expect(await (await app.request('http://localhost/')).text()).toBe(first)
    t.deps.pageCache.clear()
    expect(await (await app.request('http://localhost/')).text()).not.toBe(first)
  })

  it('answers 404 for a missing product, 308 to the canonical URL, and the shell for personal pages', async () => {
    const app = shop()
    expect((await app.request('http://localhost/instruments/999')).status).toBe(404)
    const redirect = await app.request('http://localhost/?page=1')
    expect(redirect.status).toBe(308)
    expect(redirect.headers.get('Location')).toBe('/')
    const shell = await app.request('http://localhost/checkout')
    expect(shell.status).toBe(200)
    expect(await shell.text()).toContain('<div id="root"><!--page--></div>')
  })

  it('answers the shell when rendering fails, and tries again on the next request', async () => {
    t.deps.pageCache.clear()
    renders = 0
    const app = shop()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failed = await app.request('http://localhost/aboutUs?broken')
    expect(failed.status).toBe(200)
    expect(await failed.text()).toContain('<div id="root"><!--page--></div>')
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
    expect(await (await app.request('http://localhost/aboutUs?broken')).text()).toContain(
      '<main>render 2</main>',
    )
  })

  it('hands out the built files but not the page template or the build manifest', async () => {
    const app = new Hono()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await mountStorefront(app, {
      distDir: builtDist(),
      db: t.db,
      pageCache: t.deps.pageCache,
      origin: 'http://localhost:3000',
    })
    warn.mockRestore()
    expect(await (await app.request('http://localhost/assets/shop.css')).text()).toBe(
      '.banner{color:red}',
    )
    for (const path of ['/.vite/manifest.json', '/index.html']) {
      const text = await (await app.request(`http://localhost${path}`)).text()
      expect(text, path).not.toContain('isEntry')
      // The raw template links the stylesheet; the shop's shell carries it inline.
      expect(text, path).not.toContain('href="/assets/shop.css"')
    }
  })

  it("without PUBLIC_URL writes the local address, never the request's Host header", async () => {
    t.deps.pageCache.clear()
    const app = shop(undefined, shopOrigin({ PUBLIC_URL: undefined, PORT: 3000 }))
    const headers = { Host: 'evil.example' }
    for (const path of ['/', '/aboutUs', '/sitemap.xml', '/robots.txt']) {
      const res = await app.request(`http://evil.example${path}`, { headers })
      const text = await res.text()
      expect(text, path).not.toContain('evil.example')
      expect(text, path).toContain('http://localhost:3000')
    }
  })

  it('gives every script the response nonce of the security headers', async () => {
    const html = await (await shop('abc123').request('http://localhost/aboutUs')).text()
    const scripts = html.match(/<script[^>]*>/g) ?? []
    // The app's loader, the page's settings and its state.
    expect(scripts.length).toBe(3)
    for (const tag of scripts) expect(tag).toContain('nonce="abc123"')
  })
})
