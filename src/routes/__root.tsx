import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ErrorPage } from '../features/layout/error-page'
import { NotFoundPage } from '../features/layout/not-found-page'
import { PanelHost } from '../features/layout/panel-host'
import { SiteHeader } from '../features/layout/site-header'
import { SkipLink } from '../features/layout/skip-link'
import { useToasterWanted } from '../lib/toast'

// Below the fold or invisible until used: each in a chunk of its own, hydrated after the page.
const SiteFooter = lazy(() =>
  import('../features/layout/site-footer').then((m) => ({ default: m.SiteFooter })),
)
const AppToaster = lazy(() =>
  import('../features/layout/app-toaster').then((m) => ({ default: m.AppToaster })),
)

export const Route = createRootRouteWithContext<{ queryClient: QueryClient; origin: string }>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})

function RootLayout() {
  const toasterWanted = useToasterWanted()
  // The back office has a top bar of its own (tabs, greeting, Log out): the shop's frame would
  // double them. A refused visitor still sees the not-found page inside the shop's frame.
  const inBackOffice = useRouterState({
    select: (state) => state.matches.some((m) => m.routeId === '/admin/' && m.status === 'success'),
  })
  return (
    <>
      <SkipLink />
      {!inBackOffice && <SiteHeader />}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {!inBackOffice && (
        <Suspense fallback={<div className="footer-placeholder" />}>
          <SiteFooter />
        </Suspense>
      )}
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
      <PanelHost />
    </>
  )
}
