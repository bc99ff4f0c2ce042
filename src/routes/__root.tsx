import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="logo">
          Instrument Shop
        </Link>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  )
}

function NotFound() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you're looking for doesn't exist.</p>
      <Link to="/">Go home</Link>
    </section>
  )
}
