import { defineNetworkFixture, type NetworkFixture } from '@msw/playwright'
import { test as base, expect } from '@playwright/test'
import { mockShopHandlers } from '../../src/mocks/handlers'
import { http } from '../../src/mocks/http'
import { createMockShop, type MockShop } from '../../src/mocks/mock-shop'

/**
 * The `mock` project: the app of `npm run dev:mock` with its /api answered by the mock backend's
 * own handlers, run here in the test (through page.route) so a test can replace any of them with
 * `network.use(...)`: fail, stall or answer oddly. Each test gets a shop of its own (`shop`).
 * The browser's service worker is blocked so that it does not answer first.
 */
export const test = base.extend<{ shop: MockShop; network: NetworkFixture }>({
  serviceWorkers: 'block',
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  shop: async ({}, use) => {
    await use(createMockShop())
  },
  network: [
    async ({ context, shop }, use) => {
      const network = defineNetworkFixture({ context, handlers: mockShopHandlers(shop) })
      await network.enable()
      await use(network)
      await network.disable()
    },
    { auto: true },
  ],
})

export { expect, http }

/** The answer a failing server gives (server/app.ts onError), with a text the test can look for. */
export const serverError = (error = 'Something went wrong on our side, please try again') => ({
  error,
})
