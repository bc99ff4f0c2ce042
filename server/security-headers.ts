import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'

const STRIPE_JS = 'https://js.stripe.com'
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/'

/**
 * The CSP source of each inline `<script>` of a page (the built index.html's boot script): a
 * hash allows exactly that script and nothing an attacker could inject next to it.
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)
  return [...scripts].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  )
}

/**
 * Headers on every answer. Scripts only from the shop, Stripe.js and Google sign-in (plus inline
 * ones by hash, or by the per-response nonce that a server-rendered page reads with
 * `c.get('secureHeadersNonce')`); no framing of the shop; HSTS once the shop is public on https.
 */
export function securityHeaders(opts: {
  https: boolean
  inlineScripts?: string[]
}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [
        "'self'",
        NONCE,
        ...(opts.inlineScripts ?? []),
        STRIPE_JS,
        `${GOOGLE_SIGN_IN}client`,
      ],
      // React and Google's button set style attributes; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
      imgSrc: ["'self'", 'data:', 'https://*.stripe.com', 'https://*.googleusercontent.com'],
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
