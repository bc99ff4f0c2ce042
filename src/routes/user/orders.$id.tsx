import { createFileRoute, notFound } from '@tanstack/react-router'
import { ApiError } from '../../api/http'
import { orderQueries } from '../../api/orders'
import { signedOutRedirect } from '../../features/account/signed-out-redirect'
import { ErrorPage } from '../../features/layout/error-page'
import { NotFoundPage } from '../../features/layout/not-found-page'
import { parseOrderId } from '../../features/orders/order-id'
import { OrderPage } from '../../features/orders/order-page'
import { requireSession } from '../../lib/guards'

export const Route = createFileRoute('/user/orders/$id')({
  params: {
    parse: ({ id }) => ({ id: parseOrderId(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  beforeLoad: requireSession,
  loader: async ({ context: { queryClient }, params: { id } }) => {
    if (id === null) throw notFound()
    await queryClient.ensureQueryData(orderQueries.detail(id)).catch((error: unknown) => {
      // Another shopper's order answers 404 as a missing one does: the page never says which.
      if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        throw notFound()
      signedOutRedirect(error)
    })
  },
  head: ({ params: { id } }) => ({ meta: [{ title: `Order #${id} | Instrument Shop` }] }),
  component: OrderRoute,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})

function OrderRoute() {
  const { id } = Route.useParams()
  // The loader has already turned a bad id into the not-found page.
  return id === null ? <NotFoundPage /> : <OrderPage id={id} />
}
