import { type RefObject, useEffect, useRef } from 'react'
import { lockPageScroll } from './page-scroll-lock'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

interface OverlayOptions {
  open: boolean
  onClose: () => void
  ref: RefObject<HTMLElement | null>
  // Modal overlays keep Tab inside, move focus in and make the rest of the page inert; a menu
  // only closes on Escape or outside.
  trapFocus?: boolean
  ignore?: RefObject<HTMLElement | null>[]
}

// Open overlays, the latest on top: Escape, outside clicks and Tab belong to the top one only
// (a confirmation over an edit modal closes first).
const openOverlays: symbol[] = []

// Toasts stay readable and dismissible above any overlay.
const toastRegion = () => document.querySelector('section[aria-label^="Notifications"]')

export function useOverlay({ open, onClose, ref, trapFocus = true, ignore = [] }: OverlayOptions) {
  // Read the latest callbacks without re-running the effect, which would move focus again.
  const latest = useRef({ onClose, ignore })
  latest.current = { onClose, ignore }
  useEffect(() => {
    if (!open) return
    const me = Symbol()
    openOverlays.push(me)
    const onTop = () => openOverlays.at(-1) === me
    const opener = document.activeElement as HTMLElement | null
    const box = ref.current
    // A modal makes the rest inert; a menu (not modal) leaves it readable and swallows the closing
    // click below instead. Loaded with the first modal, not with the storefront's first paint.
    const kept = [box, toastRegion()].filter((el) => el !== null)
    let closed = false
    let restoreOthers = () => {}
    if (trapFocus && box) {
      void import('aria-hidden').then(({ suppressOthers }) => {
        if (!closed) restoreOthers = suppressOthers(kept)
      })
    }
    const unlockScroll = lockPageScroll()
    if (trapFocus && box) {
      const first = box.querySelector<HTMLElement>('[data-autofocus]') ?? box
      first.focus({ preventScroll: true })
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (!onTop()) return
      if (event.key === 'Escape') {
        latest.current.onClose()
        return
      }
      if (!trapFocus || event.key !== 'Tab' || !box) return
      const items = [...box.querySelectorAll<HTMLElement>(focusable)].filter(
        (el) => el.checkVisibility?.() ?? true,
      )
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) {
        event.preventDefault()
        return
      }
      if (event.shiftKey && (document.activeElement === first || document.activeElement === box)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    const outside = (target: EventTarget | null) =>
      !box?.contains(target as Node) &&
      !latest.current.ignore.some((r) => r.current?.contains(target as Node))
    // Close on the click, not the press, and swallow that click: closing at the press would
    // lift the inert layer first, and the click would land on whatever lay under the finger.
    let pressedOutside = false
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = onTop() && outside(event.target)
    }
    const onClick = (event: MouseEvent) => {
      const closes = pressedOutside && onTop() && outside(event.target)
      pressedOutside = false
      if (!closes) return
      event.preventDefault()
      event.stopPropagation()
      latest.current.onClose()
    }

    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('click', onClick, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('click', onClick, true)
      openOverlays.splice(openOverlays.indexOf(me), 1)
      closed = true
      restoreOthers()
      unlockScroll()
      const lost = !document.activeElement || document.activeElement === document.body
      if (trapFocus && opener?.isConnected && (lost || box?.contains(document.activeElement))) {
        // Without scrolling: on a phone the opener may sit in a closed menu at the top of the page.
        opener.focus({ preventScroll: true })
      }
    }
  }, [open, ref, trapFocus])
}
