import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SHOP_CONFIG_ID, type ShopConfig, shopConfigScript } from '../lib/shop-config'
import { createQueryClient } from '../query-client'
import { createAppRouter } from '../router'

/**
 * Renders the whole app (real router, real query client, real stores) at `url`, the way a
 * person would open it. Pair with MSW handlers from ./server.
 */
export async function renderApp(url = '/') {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } })
  const router = createAppRouter(queryClient)
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) })
  await router.load()
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, user, router, queryClient }
}

/** The settings the server writes into a page (src/lib/shop-config.ts), as a test's page has them. */
export function givePageConfig(config: ShopConfig) {
  document.getElementById(SHOP_CONFIG_ID)?.remove()
  document.head.insertAdjacentHTML('beforeend', shopConfigScript(config))
}
