import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono, MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'

const STRIPE_JS = 'https://js.stripe.com'
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/'

// Scripts only from the shop, Stripe.js and Google sign-in (inline ones by hash or by the
// per-response nonce, `c.get('secureHeadersNonce')`); no framing; HSTS once public on https.
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  const forDocuments = documentHeaders(opts)
  // A built chunk is never a document: a policy on it is a kilobyte per file for nothing.
  return async (c, next) => {
    if (!c.req.path.startsWith('/assets/')) return forDocuments(c, next)
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  }
}

function documentHeaders(opts: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, STRIPE_JS, `${GOOGLE_SIGN_IN}client`],
      // React and Google's button set style attributes; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
      // An instrument's picture is any https URL an administrator gives (docs/product.md §2's image URL).
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com', GOOGLE_SIGN_IN],
      frameSrc: [STRIPE_JS, 'https://hooks.stripe.com', GOOGLE_SIGN_IN],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: opts.https ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // Google's sign-in popup talks back to the page that opened it.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      payment: ['self', STRIPE_JS],
    },
  })
}

// Hashed chunks are cached for a year; an unknown one (after a deploy) is a 404, never a page.
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its variables
export function mountAssets(app: Hono<any>, distDir: string) {
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/assets/*', serveStatic({ root: distDir, precompressed: true }))
  app.all('/assets/*', (c) => c.text('No such file', 404))
}
