import { readFileSync } from 'node:fs'
import { act } from '@testing-library/react'
import type { ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'

// The early-tap catcher as the browser gets it (src/early-taps.js), run once per test file:
// its listener stays on the window, as it does on a page.
let loaded = false
export function loadTapCatcher() {
  if (!loaded) new Function(readFileSync('src/early-taps.js', 'utf8'))()
  loaded = true
}

/** Every test starts on a page the app has not taken over, with no tap kept. */
export function resetTapCatcher() {
  window.earlyTaps?.splice(0)
  delete document.documentElement.dataset.started
  document.body.innerHTML = ''
}

/** The server's HTML for `ui`, on the page and not yet hydrated: what a shopper sees first. */
export function serverPage(ui: ReactNode) {
  const root = document.createElement('div')
  root.innerHTML = renderToString(ui)
  document.body.append(root)
  return root
}

/** React takes the server's HTML over, as src/main.tsx does, without starting the page. */
export async function hydrate(root: HTMLElement, ui: ReactNode) {
  await act(async () => {
    hydrateRoot(root, ui)
  })
}
