// Taps made before the app has taken the page over. The server's page shows its buttons at once,
// but a button only does something once the app runs: a tap then used to be lost, with no sign.
// Until <html data-started>, this keeps each click on a control marked `data-replay` (the page
// does nothing with it yet), shows the control pressed, and leaves the list in `window.earlyTaps`;
// the app replays each one exactly once as it starts (src/lib/early-taps.ts). Links are not
// marked: they work as links from the start. vite.config.ts writes this file into index.html
// (the server gives it the response's nonce): loaded as a file of its own, `async`, it ran after
// the buttons painted on a slow phone, and taps in between were lost.
;(() => {
  const taps = window.earlyTaps || []
  window.earlyTaps = taps
  const started = () => document.documentElement.hasAttribute('data-started')
  // The pressed look is a rule in <head>, not an attribute on the control: React is about to take
  // the control over and expects it exactly as the server wrote it. The app removes the rule.
  const look = document.createElement('style')
  look.id = 'early-taps-look'
  const showPressed = (key) => {
    if (!look.isConnected) {
      look.textContent = ''
      document.head.append(look)
    }
    look.append(
      `[data-replay="${CSS.escape(key)}"]{cursor:progress;opacity:.7;` +
        'box-shadow:inset 0 2px 6px rgb(0 0 0/.3)}',
    )
  }
  // Capture on the window: before React's own listener on #root, which may already be there
  // while the page is being hydrated, so a kept tap is never also handled by the app.
  addEventListener(
    'click',
    (event) => {
      if (started() || !(event.target instanceof Element)) return
      const control = event.target.closest('[data-replay]')
      if (!control) return
      event.preventDefault()
      event.stopImmediatePropagation()
      const key = control.getAttribute('data-replay')
      showPressed(key)
      taps.push({ key, control })
    },
    true,
  )
})()
