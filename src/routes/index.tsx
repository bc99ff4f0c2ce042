import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { categoryQueries } from '../api/categories'
import { instrumentQueries } from '../api/instruments'
import { HomeErrorPage } from '../features/storefront/home-error-page'
import { HomePage } from '../features/storefront/home-page'
import { homeSearchDefaults, homeSearchSchema } from '../features/storefront/home-search'
import { toPageQuery } from '../features/storefront/page-query'
import { redirectAdminHome } from '../lib/guards'
import { pageHead, SHOP_DESCRIPTION } from '../seo/page-head'

export const Route = createFileRoute('/')({
  validateSearch: homeSearchSchema,
  search: { middlewares: [stripSearchParams(homeSearchDefaults)] },
  beforeLoad: redirectAdminHome,
  loaderDeps: ({ search: { page, sort, category, name } }) => ({ page, sort, category, name }),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const page = instrumentQueries.page(toPageQuery(deps))
    const categories = categoryQueries.visible()
    // Entering the page, the banner and skeleton cards paint at once and the grid streams in.
    // A new sort, filter or page keeps the current grid until the next is ready: no flash.
    if (cause === 'enter') {
      void queryClient.prefetchQuery(page)
      void queryClient.prefetchQuery(categories)
      return
    }
    await Promise.all([queryClient.ensureQueryData(page), queryClient.ensureQueryData(categories)])
  },
  head: ({ match }) =>
    pageHead({
      origin: match.context.origin,
      path: '/',
      title: 'Instrument Shop: guitars, basses, drums and keyboards',
      description: SHOP_DESCRIPTION,
    }),
  component: HomePage,
  errorComponent: HomeErrorPage,
})
