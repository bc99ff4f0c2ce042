import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { mountAssets, securityHeaders } from './web-headers'

function shop(https = false) {
  const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), 'brotli twin')
  const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>()
  app.use(securityHeaders({ https }))
  mountAssets(app, dist)
  app.get('*', (c) => c.html(`<script nonce="${c.get('secureHeadersNonce')}">1</script>`))
  return app
}

describe('security headers', () => {
  it('sends a strict CSP with a per-response nonce, no framing, nosniff and a referrer policy', async () => {
    const res = await shop().request('/')
    const csp = res.headers.get('Content-Security-Policy') ?? ''
    const nonce = (await res.text()).match(/nonce="([^"]+)"/)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain(
      `script-src 'self' 'nonce-${nonce}' https://js.stripe.com https://accounts.google.com/gsi/client`,
    )
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp, 'instrument pictures by https URL').toContain("img-src 'self' data: https:")
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('X-Frame-Options')).toBe('DENY')
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('Permissions-Policy')).toContain('camera=()')
    expect(res.headers.get('Strict-Transport-Security')).toBeNull()
    const again = await shop().request('/')
    expect(again.headers.get('Content-Security-Policy')).not.toContain(`'nonce-${nonce}'`)
  })

  it('adds HSTS when the shop is public on https', async () => {
    const res = await shop(true).request('/')
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=31536000')
  })
})

describe('built assets', () => {
  it('caches a built chunk for a year', async () => {
    const res = await shop().request('/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    // The page's policy governs the chunk; sent again with each one it only costs bytes.
    expect(res.headers.get('Content-Security-Policy')).toBeNull()
  })

  it('sends the Brotli twin made at build to a browser that takes it, the plain file otherwise', async () => {
    const brotli = await shop().request('/assets/app-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers.get('Content-Encoding')).toBe('br')
    expect(await brotli.text()).toBe('brotli twin')
    const plain = await shop().request('/assets/app-abc123.js')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe('console.log(1)')
  })

  it('answers a missing chunk with a 404 that nobody caches, never HTML', async () => {
    const res = await shop().request('/assets/nope.js')
    expect(res.status).toBe(404)
    expect(res.headers.get('Content-Type')).not.toContain('html')
    expect(res.headers.get('Cache-Control')).toBeNull()
  })
})
