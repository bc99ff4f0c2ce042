import { Skeleton } from './skeleton'

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
