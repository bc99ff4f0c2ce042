// Settings the browser needs from the server (its public Stripe key, Google's client id), written
// into each page by the server (server/storefront/page-template.ts) or by Vite in development.
// Read when the shop starts, not when it is built: one build serves every shop that runs it.

export interface ShopConfig {
  stripePublishableKey?: string
  googleClientId?: string
}

export const SHOP_CONFIG_ID = 'shop-config'

/** The page's `<script>` that carries the settings; `<` escaped so no value can close it. */
export function shopConfigScript(config: ShopConfig) {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c')
  return `<script id="${SHOP_CONFIG_ID}" type="application/json">${json}</script>`
}

/** The settings from an environment: the names the shop has always documented. */
export function shopConfigFrom(env: {
  VITE_STRIPE_PUBLISHABLE_KEY?: string
  VITE_GOOGLE_CLIENT_ID?: string
}): ShopConfig {
  return {
    stripePublishableKey: env.VITE_STRIPE_PUBLISHABLE_KEY || undefined,
    googleClientId: env.VITE_GOOGLE_CLIENT_ID || undefined,
  }
}

/** In the browser, the page's settings; a server render has none (the panels that use them are closed). */
export function shopConfig(): ShopConfig {
  if (typeof document === 'undefined') return {}
  const text = document.getElementById(SHOP_CONFIG_ID)?.textContent
  return text ? (JSON.parse(text) as ShopConfig) : {}
}
