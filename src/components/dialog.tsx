import { type ReactNode, useId, useRef } from 'react'
import { OverlayHead } from './overlay-head'
import { useOverlay } from './use-overlay'

interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  width?: number
  children: ReactNode
  actions?: ReactNode
  role?: 'dialog' | 'alertdialog'
  className?: string
}

// A centred modal: focus-trapped, closed by Escape, outside click or its × button. Dialogs
// stack: a confirmation opened from a dialog takes Escape and outside clicks first.
export function Dialog({
  open,
  onClose,
  title,
  width = 480,
  children,
  actions,
  role = 'dialog',
  className = '',
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useOverlay({ open, onClose, ref })
  if (!open) return null
  return (
    <div className="ui-backdrop ui-backdrop-center">
      <div
        ref={ref}
        // Spread: both roles are modal dialogs, which the linter cannot see through a variable.
        {...{ role, 'aria-modal': true, 'aria-labelledby': titleId }}
        tabIndex={-1}
        className={`ui-dialog ${className}`}
        style={{ '--dialog-width': `${width}px` } as React.CSSProperties}
      >
        <OverlayHead titleId={titleId} title={title} onClose={onClose} />
        <div className="ui-dialog-body">{children}</div>
        {actions && <div className="ui-dialog-actions">{actions}</div>}
      </div>
    </div>
  )
}
