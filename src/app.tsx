import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import type { createAppRouter } from './router'

/** The shop with its providers: the same tree on the server and in the browser. */
export function ShopApp(props: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
}) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <RouterProvider router={props.router} />
    </QueryClientProvider>
  )
}
