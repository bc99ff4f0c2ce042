import { type ReactNode, useId, useRef } from 'react'
import { useOverlay } from './use-overlay'

interface DrawerProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  side?: 'left' | 'right'
  /** Width on wide screens; phones always get the full width. */
  width?: number
  children: ReactNode
  footer?: ReactNode
}

/** A slide-over panel: modal, focus-trapped, closed by Escape, outside click or its × button. */
export function Drawer({
  open,
  onClose,
  title,
  side = 'right',
  width = 400,
  children,
  footer,
}: DrawerProps) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useOverlay({ open, onClose, ref })
  if (!open) return null
  return (
    <div className="ui-backdrop">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`ui-drawer ui-drawer-${side}`}
        style={{ '--drawer-width': `${width}px` } as React.CSSProperties}
      >
        <div className="ui-overlay-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className="ui-drawer-body">{children}</div>
        {footer && <div className="ui-drawer-foot">{footer}</div>}
      </div>
    </div>
  )
}
