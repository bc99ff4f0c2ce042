// `npm run start:qa`: a disposable shop for QA suites (docs/testing.md). Everything lives in memory
// and is gone when the process stops; the settings below are fixed so that every run is the same.
const port = process.env.PORT ?? '3000'
const origin = `http://localhost:${port}`
const adminPassword = process.env.ADMIN_PASSWORD ?? 'qa-admin-password'
const demoPassword = process.env.DEMO_PASSWORD ?? 'qa-demo-password'
const googleClientId = 'qa-google-client'

Object.assign(process.env, {
  PORT: port,
  // Its test hooks hand out every mail without a password: this machine only, unless HOST says so.
  HOST: process.env.HOST ?? '127.0.0.1',
  DATA_DIR: 'memory://',
  E2E: '1',
  ADMIN_PASSWORD: adminPassword,
  DEMO_PASSWORD: demoPassword,
  PUBLIC_URL: process.env.PUBLIC_URL ?? origin,
  // The Google button is on (the server tells the page) and trusts the server's stand-in key set.
  GOOGLE_CLIENT_ID: googleClientId,
  VITE_GOOGLE_CLIENT_ID: googleClientId,
  GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/api/test/google-jwks`,
  SEED: 'demo',
  NO_ENV_FILE: '1',
})
// Test-payment mode, the outbox and PGlite, whatever the shell says.
// NODE_ENV and an https PUBLIC_URL stay as given: E2E=1 then refuses to start (startup-checks.ts).
for (const name of ['STRIPE_SECRET_KEY', 'VITE_STRIPE_PUBLISHABLE_KEY', 'DATABASE_URL', 'SMTP_URL'])
  delete process.env[name]

console.log(
  `QA shop: admin / ${adminPassword}; demo shoppers lucia.m, marco88, sofia_g / ${demoPassword}`,
)
console.log('QA shop: in memory, test-payment mode, test hooks under /api/test (docs/testing.md)')
// No zone and no tax rate are set, so totals are the spec's until a suite sets them through the
// admin routes (/api/admin/shipping-zones, /api/admin/tax); the demo code changes nothing unless typed.
console.log(
  'QA shop: pricing unset (no shipping, no tax); discount code DEMO10 (10 %, once per shopper)',
)
await import('./start.mjs')
