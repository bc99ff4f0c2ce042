import { formatPrice } from '../../contract/money'
import { apiCreateInstrument, unique } from '../admin/admin-helpers'
import { bearer, expect, signInPage, test } from '../fixtures'

// The server's HTML is the page (for people, search engines and link previews), and
// the app takes it over without fetching its data again or React complaining.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function metaContent(html: string, attribute: 'name' | 'property', key: string) {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]
}

test('a product page arrives whole: name, price, description, title, Open Graph and JSON-LD', async ({
  request,
  admin,
}) => {
  const name = unique('Rendered Cello')
  const id = await apiCreateInstrument(request, admin.token, { name, category: 1, price: 1234 })
  const res = await request.get(`/instruments/${id}`)
  expect(res.status()).toBe(200)
  const html = await res.text()
  const description = 'Made by the back-office journeys'

  const body = html.slice(html.indexOf('<body'))
  expect(body).toContain(`<h1 id="detail-title">${escapeHtml(name)}</h1>`)
  expect(body).toContain(formatPrice(1234))
  expect(body).toContain(description)
  expect(html).toContain(`<title>${escapeHtml(name)} | Instrument Shop</title>`)
  expect(metaContent(html, 'name', 'description')).toBe(description)
  expect(metaContent(html, 'property', 'og:title')).toBe(`${escapeHtml(name)} | Instrument Shop`)
  expect(metaContent(html, 'property', 'og:type')).toBe('product')
  const image = metaContent(html, 'property', 'og:image') ?? ''
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/previews\/instruments\/.+\.png$/)
  const picture = await request.get(image)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/png')
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/instruments/${id}">`))

  const jsonLd = /<script [^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1]
  expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
    '@type': 'Product',
    name,
    offers: {
      '@type': 'Offer',
      price: '1234.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  })
  await request.delete('/api/instruments', { headers: bearer(admin.token), data: { id } })
})

test('the sitemap lists visible instruments only; a hidden or unknown one answers 404', async ({
  request,
  admin,
}) => {
  const id = await apiCreateInstrument(request, admin.token, {
    name: unique('Hidden'),
    category: 1,
  })
  const loc = (path: string) => new RegExp(`<loc>http://[^<]+${path}</loc>`)
  expect(await (await request.get('/sitemap.xml')).text()).toMatch(loc(`/instruments/${id}`))

  const ban = await request.put('/api/instruments', {
    headers: bearer(admin.token),
    data: { id, isBanned: true },
  })
  expect(ban.ok(), await ban.text()).toBeTruthy()
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const xml = await sitemap.text()
  expect(xml).toMatch(loc('/aboutUs'))
  expect(xml).not.toMatch(loc(`/instruments/${id}`))

  for (const path of [`/instruments/${id}`, '/instruments/999999', '/no-such-page']) {
    const page = await request.get(path)
    expect(page.status(), path).toBe(404)
    expect(await page.text()).toContain('<title>Page not found | Instrument Shop</title>')
  }
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m)
  await request.delete('/api/instruments', { headers: bearer(admin.token), data: { id } })
})

test('with JavaScript off, the home page still shows the header, banner and grid', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Instrument Shop home' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Featured' }).getByRole('img').first(),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Our Instruments' })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
  await context.close()
})

test('a signed-in shopper with a cart: the app takes the page over quietly, without refetching', async ({
  page,
  user,
  request,
}) => {
  const [first] = (
    (await (await request.get('/api/instruments?page=1')).json()) as {
      items: {
        id: number
        name: string
        brand: string
        price: number
        img: string
        stock: number
      }[]
    }
  ).items
  if (!first) throw new Error('the catalogue is empty')
  await signInPage(page, user)
  const line = { ...first, status: 'New', count: 2 }
  await page.addInitScript(
    (stored) => localStorage.setItem('cartItems', stored),
    JSON.stringify([line]),
  )
  const complaints: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text())
  })
  page.on('pageerror', (error) => complaints.push(error.message))
  const catalogueCalls: string[] = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/instruments')) catalogueCalls.push(req.url())
  })

  await page.goto(`/instruments/${first.id}`)
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible()
  // Stored state shows once the app runs: the cart's count and the person's account.
  await expect(page.getByRole('button', { name: /^Cart 2/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeHidden()
  expect(complaints).toEqual([])
  expect(catalogueCalls).toEqual([])
})

test('a stored session shows the signed-in header from the first paint, before the app runs', async ({
  page,
  user,
}) => {
  await signInPage(page, user)
  await page.goto('/aboutUs')
  // A page of its own, with the session now stored: the suite's page waits for the app, which
  // never comes here.
  const first = await page.context().newPage()
  await first.route('**/assets/index-*.js', (route) => route.abort())
  await first.goto('/')
  const nav = first.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible()
  // The name is drawn by CSS from the stored session until the app writes it.
  const drawnName = await nav
    .locator('.account-nav-welcome strong')
    .evaluate((name) => getComputedStyle(name, '::after').content)
  expect(drawnName).toBe(JSON.stringify(user.userName))
  await expect(nav.getByRole('button', { name: 'Sign In' })).toBeHidden()
  await first.close()
})
