let locks = 0
let saved = { overflow: '', paddingRight: '' }

// Stops the page behind an overlay from scrolling; nested overlays share one lock. Where the
// browser shows a classic scrollbar, its width is kept as padding so nothing shifts sideways.
export function lockPageScroll() {
  const root = document.documentElement
  const body = document.body
  if (locks === 0) {
    saved = { overflow: root.style.overflow, paddingRight: body.style.paddingRight }
    const scrollbar = window.innerWidth - root.clientWidth
    root.style.overflow = 'hidden'
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`
  }
  locks += 1
  let released = false
  return () => {
    if (released) return
    released = true
    locks -= 1
    if (locks > 0) return
    root.style.overflow = saved.overflow
    body.style.paddingRight = saved.paddingRight
  }
}
