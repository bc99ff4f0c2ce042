import { createFileRoute, notFound } from '@tanstack/react-router'
import { ApiError } from '../api/http'
import { instrumentQueries } from '../api/instruments'
import { ErrorPage } from '../features/layout/error-page'
import { NotFoundPage } from '../features/layout/not-found-page'
import { InstrumentDetailPage } from '../features/storefront/instrument-detail-page'
import { parseInstrumentId } from '../features/storefront/instrument-id'
import { pageHead, productJsonLd } from '../seo/page-head'

export const Route = createFileRoute('/instruments/$id')({
  params: {
    parse: ({ id }) => ({ id: parseInstrumentId(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: async ({ context: { queryClient }, params: { id } }) => {
    if (id === null) throw notFound()
    return queryClient.ensureQueryData(instrumentQueries.detail(id)).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        throw notFound()
      throw error
    })
  },
  head: ({ match, loaderData: instrument }) => {
    if (!instrument) return {}
    const { origin } = match.context
    return {
      ...pageHead({
        origin,
        path: `/instruments/${instrument.id}`,
        title: `${instrument.name} | Instrument Shop`,
        description: instrument.description,
        image: instrument.img,
        type: 'product',
      }),
      scripts: [
        {
          type: 'application/ld+json',
          children: JSON.stringify(productJsonLd(instrument, origin)),
        },
      ],
    }
  },
  component: InstrumentDetailPage,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})
