// The entry of `npm run dev:mock` (vite.mock.config.ts puts it in place of src/main.tsx): start
// the mock backend, then the shop. When the browser refuses service workers (a Playwright project
// that answers /api with @msw/playwright instead), the shop starts all the same.
import { worker } from './browser'

try {
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })
} catch (error) {
  console.warn('The mock backend is not answering /api in this browser', error)
}
await import('../main')
