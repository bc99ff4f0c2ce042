import type { ServerPaging } from './data-table'

/** Previous and Next under a table paged on the server; each stops at its end (docs/product.md §5). */
export function TablePager({ caption, paging }: { caption: string; paging: ServerPaging }) {
  const { page, pages, total, onPage } = paging
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
        Page {page} of {pages} · {total.toLocaleString('en-US')} rows
      </p>
      <button
        type="button"
        className="button admin-button-small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
