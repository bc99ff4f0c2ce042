import { Toaster } from 'sonner'

/**
 * Spec 8: toasts at the top-right for 3000 ms, at most 20. Sonner pauses its timers while the
 * stack is hovered; the progress bar in styles.css (toasts section) pauses with it. The offsets
 * keep toasts below the sticky navigation bar (one row on desktop, two on a phone), so a toast
 * never covers the Cart button a shopper reaches for right after 'Added to cart'.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={3000}
      visibleToasts={20}
      closeButton
      toastOptions={{ className: 'toast' }}
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 124, right: 12, left: 12 }}
    />
  )
}
