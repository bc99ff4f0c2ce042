import { nextPage, pageNumbers, previousPage } from '../lib/paging'

interface PaginationProps {
  page: number
  pages: number
  onChange: (page: number) => void
  onIntent?: (page: number) => void
  label?: string
}

export function Pagination({ page, pages, onChange, onIntent, label = 'Pages' }: PaginationProps) {
  if (pages <= 1) return null
  const intent = (target: number) =>
    onIntent && target !== page
      ? { onMouseEnter: () => onIntent(target), onFocus: () => onIntent(target) }
      : {}
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="page-button page-step"
        disabled={page <= 1}
        onClick={() => onChange(previousPage(page))}
        {...intent(previousPage(page))}
      >
        Previous
      </button>
      <ul>
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the two gaps are told apart by position only
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="page-button"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => n !== page && onChange(n)}
                {...intent(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="page-button page-step"
        disabled={page >= pages}
        onClick={() => onChange(nextPage(page, pages))}
        {...intent(nextPage(page, pages))}
      >
        Next
      </button>
    </nav>
  )
}
