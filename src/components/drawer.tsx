import { type ReactNode, useId, useRef } from 'react'
import { OverlayHead } from './overlay-head'
import { useOverlay } from './use-overlay'

interface DrawerProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  side?: 'left' | 'right'
  width?: number
  children: ReactNode
  footer?: ReactNode
}

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
        <OverlayHead titleId={titleId} title={title} onClose={onClose} />
        <div className="ui-drawer-body">{children}</div>
        {footer && <div className="ui-drawer-foot">{footer}</div>}
      </div>
    </div>
  )
}
