import { defineConfig, devices } from '@playwright/test'
import { ADMIN_PASSWORD, E2E_PORT, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET } from './e2e/env'
import { chromiumLaunchOptions } from './scripts/chromium.mjs'
import { SHOP_NODE_FLAGS } from './scripts/shop-node-flags.mjs'

const PORT = E2E_PORT
const baseURL = `http://127.0.0.1:${PORT}`
const STRIPE_PORT = PORT - 2
const MOCK_PORT = PORT - 1
const stripeBaseURL = `http://127.0.0.1:${STRIPE_PORT}`
const mockBaseURL = `http://127.0.0.1:${MOCK_PORT}`
const startShop = `node ${SHOP_NODE_FLAGS.join(' ')} scripts/start.mjs`
// Every shop serves the one build in dist (`npm run build`, or made by the first to start): what
// differs between them is read at start (src/lib/shop-config.ts).
const serverEnv = { DATA_DIR: 'memory://', ADMIN_PASSWORD, E2E: '1', DIST_DIR: 'dist' }

// Playwright cannot download its own browser here: Debian's Chromium when present
// (scripts/chromium.mjs).
const launchOptions = chromiumLaunchOptions

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list'], ['./e2e/slowest-reporter.ts']]
    : [['list'], ['./e2e/slowest-reporter.ts'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [/stripe\.spec\.ts/, /mock\//, /phone\//],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // A phone (390x844, touch) in Chromium: the shop's browse, cart and checkout journeys, the
      // phone's own checks and the accessibility checks.
      name: 'phone',
      testMatch:
        /(phone|accessibility)\/.*\.spec\.ts|cart\/(checkout|favourites|authentication)\.spec\.ts|shop\/browse\.spec\.ts/,
      use: { ...devices['iPhone 13'], browserName: 'chromium', launchOptions },
    },
    {
      // The same shop built with Stripe keys: Stripe.js and Stripe's API are stood in at the
      // network boundary (e2e/stand-ins), the app's own payment code runs unchanged.
      name: 'stripe',
      testMatch: /stripe\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: stripeBaseURL,
      },
    },
    {
      // `npm run dev:mock`: the app alone, /api answered by the mock backend (src/mocks); each
      // test may replace a handler to make the backend fail (e2e/mock/mock-kit.ts).
      name: 'mock',
      testMatch: /mock\/.*\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: mockBaseURL,
      },
    },
  ],
  webServer: [
    {
      // Google sign-in on, with a test client id whose credentials the server verifies against
      // its own test key set (E2E=1 only).
      command: startShop,
      url: `${baseURL}/api/instruments?page=1`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(PORT),
        PUBLIC_URL: baseURL,
        GOOGLE_CLIENT_ID: 'test-client',
        VITE_GOOGLE_CLIENT_ID: 'test-client',
        GOOGLE_JWKS_URL: `${baseURL}/api/test/google-jwks`,
      },
    },
    {
      command: 'npx vite --config vite.mock.config.ts',
      url: mockBaseURL,
      reuseExistingServer: !process.env.CI,
      env: { PORT: String(MOCK_PORT) },
    },
    {
      command: 'node e2e/stand-ins/stripe-api.mjs',
      url: `${STRIPE_API_URL}/health`,
      reuseExistingServer: !process.env.CI,
      env: {
        STRIPE_STAND_IN_PORT: new URL(STRIPE_API_URL).port,
        STRIPE_WEBHOOK_URL: `${stripeBaseURL}/api/payment/webhook`,
        STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: startShop,
      url: `${stripeBaseURL}/api/instruments?page=1`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
      // No E2E=1 beside a Stripe key (server/startup-checks.ts): this shop has no test hooks and
      // production per-address limits, which its few journeys stay under.
      env: {
        DATA_DIR: serverEnv.DATA_DIR,
        DIST_DIR: serverEnv.DIST_DIR,
        ADMIN_PASSWORD,
        PORT: String(STRIPE_PORT),
        PUBLIC_URL: stripeBaseURL,
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_API_URL,
        STRIPE_WEBHOOK_SECRET,
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      },
    },
  ],
})
