import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { makeDetail } from '../test/catalog-data'
import { headHtml } from './head-html'
import { pageHead, previewImage, productJsonLd } from './page-head'

describe('page head', () => {
  it('gives link previews absolute URLs and a description cut at a word', () => {
    const head = pageHead({
      origin: 'https://shop.example',
      path: '/aboutUs',
      title: 'About us | Instrument Shop',
      description: `${'word '.repeat(40)}end`,
    })
    const meta = Object.fromEntries(
      head.meta.map((m) => ('title' in m ? ['title', m.title] : [m.name ?? m.property, m.content])),
    )
    expect(meta['og:url']).toBe('https://shop.example/aboutUs')
    expect(meta['og:image']).toBe('https://shop.example/images/previews/banners/banner-1.jpg')
    expect(meta['og:type']).toBe('website')
    expect(meta.description?.length).toBeLessThanOrEqual(160)
    expect(meta.description).toMatch(/word…$/)
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://shop.example/aboutUs' }])
  })

  it('offers a product at its price, in stock or not as the stock says', () => {
    const inStock = productJsonLd(makeDetail(7, { price: 1299.5, stock: 2 }), 'https://s.example')
    expect(inStock.offers).toMatchObject({
      price: '1299.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: 'https://s.example/instruments/7',
    })
    const soldOut = productJsonLd(makeDetail(8, { stock: 0 }), 'https://s.example')
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock')
  })
})

describe('link preview images', () => {
  it('has a raster twin of every picture of the shop, since previews show no SVG', () => {
    for (const folder of ['banners', 'instruments']) {
      for (const file of readdirSync(`public/images/${folder}`)) {
        const twin = previewImage(`/images/${folder}/${file}`)
        expect(twin, file).toMatch(/\.(png|jpg)$/)
        expect(existsSync(`public${twin}`), `${twin}: run npm run images:previews`).toBe(true)
      }
    }
  })

  it('leaves a picture from elsewhere as it is', () => {
    expect(previewImage('https://cdn.example/guitar.jpg')).toBe('https://cdn.example/guitar.jpg')
  })
})

describe('head HTML', () => {
  it('escapes what the catalogue says and lets the page override the layout', () => {
    const html = headHtml([
      { meta: [{ title: 'Shop' }, { name: 'description', content: 'layout' }] },
      {
        meta: [{ title: 'A "quoted" <name> & co' }, { name: 'description', content: 'page' }],
        headScripts: [{ type: 'application/ld+json', children: '{"name":"</script><b>"}' }],
      },
    ])
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;name&gt; &amp; co</title>')
    expect(html).not.toContain('<title>Shop</title>')
    expect(html).toContain('<meta name="description" content="page">')
    expect(html).not.toContain('content="layout"')
    expect(html).toContain('{"name":"\\u003c/script>\\u003cb>"}</script>')
  })
})
