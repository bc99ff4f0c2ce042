import type { ReactNode } from 'react'

/** A centred message for an empty list, with an optional action (a link or button). */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children}
      {action}
    </div>
  )
}
