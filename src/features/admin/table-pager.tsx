import type { ServerPaging } from './table-view'

/** Previous and Next under a table paged on the server; each stops at its end (docs/product.md §5). */
export function TablePager({ caption, paging }: { caption: string; paging: ServerPaging }) {
  const { page, pages, total, totalCapped, hasNext, onPage } = paging
  const more = totalCapped ? '+' : ''
  return (
    <nav className="admin-pager" aria-label={`${caption} pages`}>
      <button
        type="button"
        className="button admin-button-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <p aria-live="polite">
        {`Page ${page} of ${pages}${more} · ${total.toLocaleString('en-US')}${more} rows`}
      </p>
      <button
        type="button"
        className="button admin-button-small"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
