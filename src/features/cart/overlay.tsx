import { type ReactNode, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import './overlay.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal overlay: a right-side slide-over (cart, favourites) or a centred dialog (rating).
 * Written here because src/components had no Drawer/Dialog yet. Spec 4: Escape and clicks
 * outside close it; focus stays inside while open and goes back where it came from.
 */
export function Overlay({
  title,
  onClose,
  variant = 'side',
  returnFocusTo,
  children,
}: {
  title: string
  onClose: () => void
  variant?: 'side' | 'center'
  /** Where focus goes on close when the opener is gone (e.g. the nav's Cart button). */
  returnFocusTo?: () => HTMLElement | null
  children: ReactNode
}) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const close = useRef(onClose)
  close.current = onClose
  const returnTarget = useRef(returnFocusTo)
  returnTarget.current = returnFocusTo

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? panel.current)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        close.current()
      } else if (event.key === 'Tab') trapTab(event, panel.current)
    }
    document.addEventListener('keydown', onKey)
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      const target = returnTarget.current?.() ?? opener
      if (target?.isConnected) target.focus()
    }
  }, [])

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a mouse convenience; Escape is the keyboard way out.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
    <div
      className={`overlay-backdrop overlay-${variant}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={panel}
        className="overlay-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="overlay-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}

function trapTab(event: KeyboardEvent, root: HTMLElement | null) {
  if (!root) return
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return
  }
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  } else if (!root.contains(document.activeElement)) {
    event.preventDefault()
    first.focus()
  }
}
