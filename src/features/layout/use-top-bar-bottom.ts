import { useEffect } from 'react'

const GAP = 12
// Narrower than this beside an open drawer, a toast goes under the drawer's own head instead.
const TOAST_ROOM = 360

// Toasts sit under the visible top bar, and beside an open drawer (on a phone under its head): they
// never hide a bar's or a drawer's controls.
export function useTopBarBottom() {
  useEffect(() => {
    let frame = 0
    const root = document.documentElement.style
    const measure = () => {
      frame = 0
      const bar = document.querySelector('[data-top-bar]')
      let top = Math.max(0, bar?.getBoundingClientRect().bottom ?? 0)
      let right = 16
      // Its place once it has slid in: offsetLeft ignores the slide's transform.
      const drawer = document.querySelector<HTMLElement>('.ui-drawer-right')
      if (drawer && drawer.offsetLeft >= TOAST_ROOM) {
        right = window.innerWidth - drawer.offsetLeft + 16
      } else if (drawer) {
        top =
          document.querySelector('.ui-drawer-right .ui-overlay-head')?.getBoundingClientRect()
            .bottom ?? top
      }
      root.setProperty('--top-bar-bottom', `${top + GAP}px`)
      root.setProperty('--toast-right', `${right}px`)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    const resized = new ResizeObserver(schedule)
    resized.observe(document.body)
    const opened = new MutationObserver(schedule)
    opened.observe(document.body, { childList: true, subtree: true })
    window.addEventListener('scroll', schedule, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      resized.disconnect()
      opened.disconnect()
      window.removeEventListener('scroll', schedule)
    }
  }, [])
}
