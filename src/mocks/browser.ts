import { setupWorker } from 'msw/browser'
import { mockShopHandlers } from './handlers'

/** The mock backend in the browser: MSW's service worker answers every /api call. */
export const worker = setupWorker(...mockShopHandlers())
