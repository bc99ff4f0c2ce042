import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { type RefObject, useEffect } from 'react'
import { instrumentQueries } from '../../api/instruments'
import { EmptyState } from '../../components/empty-state'
import { Pagination } from '../../components/pagination'
import { PAGE_SIZE, pageCount } from '../../lib/paging'
import { notify } from '../../lib/toast'
import { InstrumentCard, InstrumentCardSkeleton } from './instrument-card'
import { toPageQuery } from './page-query'
import { useHomeSearch } from './use-home-search'

/** Cards above the fold on a wide screen: their images load at once, the rest lazily. */
const EAGER_CARDS = 4
export const NOT_FOUND = 'Instrument not found'

export function InstrumentResults({ topRef }: { topRef: RefObject<HTMLElement | null> }) {
  const { search, refine, goToPage } = useHomeSearch()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(instrumentQueries.page(toPageQuery(search)))
  const loading = useRouterState({ select: (s) => s.isLoading })
  const items = data.items
  const pages = pageCount(data.total, PAGE_SIZE)
  const searchMissed = Boolean(search.name) && items.length === 0

  useEffect(() => {
    // The id keeps StrictMode's double effect (and a repeated search) to one toast.
    if (searchMissed) notify.error(NOT_FOUND, { id: 'instrument-not-found' })
  }, [searchMissed])

  const changePage = (page: number) =>
    goToPage(page).then(() => topRef.current?.scrollIntoView({ block: 'start' }))

  if (searchMissed) {
    return (
      <EmptyState
        title={NOT_FOUND}
        action={
          <button type="button" className="button" onClick={() => refine({ name: undefined })}>
            Show all instruments
          </button>
        }
      >
        <p>Nothing matches “{search.name}”. Check the spelling or try a shorter word.</p>
      </EmptyState>
    )
  }
  if (items.length === 0) {
    return (
      <EmptyState
        title="No instruments here yet"
        action={
          <button type="button" className="button" onClick={() => refine({ category: undefined })}>
            Show all instruments
          </button>
        }
      />
    )
  }

  return (
    <div className="results" aria-busy={loading}>
      <p className="results-count" aria-live="polite">
        {data.total === 1 ? '1 instrument' : `${data.total} instruments`}
        {search.name ? ` for “${search.name}”` : ''}
      </p>
      <ul className="card-grid">
        {items.map((instrument, index) => (
          <li key={instrument.id}>
            <InstrumentCard instrument={instrument} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      <Pagination
        page={search.page}
        pages={pages}
        label="Instrument pages"
        onChange={(page) => void changePage(page)}
        onIntent={(page) =>
          void queryClient.prefetchQuery(instrumentQueries.page(toPageQuery({ ...search, page })))
        }
      />
    </div>
  )
}

export function InstrumentResultsSkeleton() {
  return (
    <div className="results" aria-busy="true">
      <p className="results-count">
        <span className="visually-hidden" role="status">
          Loading instruments
        </span>
      </p>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: PAGE_SIZE }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={i}>
            <InstrumentCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  )
}
