/** Settings shared by playwright.config.ts and the journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const ADMIN_PASSWORD = 'admin12345'
/** The stand-in of Stripe's API (e2e/stand-ins/stripe-api.mjs) and the shop built with Stripe keys. */
export const STRIPE_API_URL = `http://127.0.0.1:${E2E_PORT - 3}`
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in'
