import type { CSSProperties } from 'react'

/** A grey placeholder block of a fixed size, so content arriving later does not shift the page. */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={`skeleton ${className}`} style={style} />
}
