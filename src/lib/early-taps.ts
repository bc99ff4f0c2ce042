/** A tap that src/early-taps.js kept because it came before the app had the page. */
export interface EarlyTap {
  /** The control's `data-replay`: finds it again if React has drawn it anew meanwhile. */
  key: string
  control: Element
}

declare global {
  interface Window {
    earlyTaps?: EarlyTap[]
  }
}

/**
 * The app has the page: `<html data-started>` (the early-tap catcher stops keeping taps and the
 * e2e suite stops waiting), then each kept tap is replayed once, in the order it was made. The
 * list is emptied in the same task as the mark is set, so a tap is either kept and replayed here
 * or reaches the app directly: never both, never neither.
 */
export function takeOverPage() {
  const taps = window.earlyTaps?.splice(0) ?? []
  document.documentElement.dataset.started = ''
  document.getElementById('early-taps-look')?.remove()
  return replayInTurn(taps)
}

async function replayInTurn(taps: EarlyTap[]) {
  for (const [index, tap] of taps.entries()) {
    // A tap's effect is drawn before the next one is replayed: `+` then `Add to cart` adds two.
    // The first waits only for React's commit to end (a click inside it is dropped): a task
    // queued now would wait behind the rest of hydration.
    await (index === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve)))
    controlFor(tap)?.click()
  }
}

function controlFor({ key, control }: EarlyTap) {
  if (control.isConnected && control instanceof HTMLElement) return control
  return document.querySelector<HTMLElement>(`[data-replay="${CSS.escape(key)}"]`)
}
