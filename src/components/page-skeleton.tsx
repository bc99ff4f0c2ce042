import { Skeleton } from './skeleton'

// One grey block a line the page is likely to have, until the page's own content arrives.
const LINES = ['title', 'first', 'second', 'third']

/** Any page still loading its data, under the shop's own header: grey lines, not a blank. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading
      </p>
      {LINES.map((line) => (
        <Skeleton key={line} className={line === 'title' ? 'skeleton-title' : 'skeleton-line'} />
      ))}
    </div>
  )
}
