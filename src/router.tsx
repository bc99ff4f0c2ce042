import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { Sale } from '../contract/sales'
import { PageSkeleton } from './components/page-skeleton'
import { routeTree } from './routeTree.gen'
import { endSessionsIn } from './session-end'

export interface ShopRouterOptions {
  history?: RouterHistory
  origin?: string
}

export function createAppRouter(queryClient: QueryClient, options: ShopRouterOptions = {}) {
  const router = createRouter({
    routeTree,
    history: options.history,
    context: { queryClient, origin: options.origin ?? globalThis.location?.origin ?? '' },
    defaultPreload: 'intent',
    // React Query owns freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    // In the browser only. The router's server-rendered restoring script ends with `scrollTo`,
    // which forces a whole layout while the page is still parsing; a reload and back/forward are
    // restored by the browser itself (the router hands it `auto` as the page goes) and again by
    // the router once it has rendered.
    scrollRestoration: !import.meta.env.SSR,
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 300,
  })
  endSessionsIn({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface HistoryState {
    /** The paid order, for /success to show (kept by the browser's history across a reload). */
    order?: Sale
    /** Made by a keystroke in a back-office search box: the next keystroke replaces it. */
    adminTyping?: boolean
  }
}
