import '@testing-library/jest-dom/vitest'
import { cleanup, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import { SHOP_CONFIG_ID } from '../lib/shop-config'
import { endSessionsIn } from '../session-end'
import { takeMockProblems } from './answer-check'
import { server } from './server'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  // A dismissed toast leaves the toaster 200 ms later, on a timer of sonner's own: let it leave
  // while the toaster is still there, or after a file's last test it lands on a page torn down.
  toast.dismiss()
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull(), {
    timeout: 5000,
  })
  cleanup()
  // The next test renders an app of its own; this one's router must not reload.
  endSessionsIn(undefined)
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  document.getElementById(SHOP_CONFIG_ID)?.remove()
  expect(takeMockProblems(), 'a mock answered what the API description does not allow').toEqual([])
})
afterAll(() => server.close())

// A console.error during a test (React warnings, failed prop types) is a bug: fail on it.
const consoleError = console.error
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleError(...args)
    throw new Error(`console.error in a test: ${String(args[0])}`)
  })
})

// jsdom lacks these browser APIs that the UI uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
window.scrollTo = () => {}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
