import { useEffect } from 'react'

const GAP = 12

// Keeps `--top-bar-bottom` on the root at the visible bottom edge of the page's top bar (the
// shop's sticky navigation bar, or the back office's bar, which scrolls away), so toasts sit
// just under it and never hide its controls.
export function useTopBarBottom() {
  useEffect(() => {
    let frame = 0
    const measure = () => {
      frame = 0
      const bar = document.querySelector('[data-top-bar]')
      const bottom = Math.max(0, bar?.getBoundingClientRect().bottom ?? 0)
      document.documentElement.style.setProperty('--top-bar-bottom', `${bottom + GAP}px`)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    const resized = new ResizeObserver(schedule)
    resized.observe(document.body)
    window.addEventListener('scroll', schedule, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      resized.disconnect()
      window.removeEventListener('scroll', schedule)
    }
  }, [])
}
