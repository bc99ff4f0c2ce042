import { Toaster } from 'sonner'

/**
 * Spec 8: toasts at the top-right for 3000 ms, at most 20. Sonner pauses its timers while the
 * stack is hovered; the progress bar in styles.css (toasts section) pauses with it.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={3000}
      visibleToasts={20}
      closeButton
      toastOptions={{ className: 'toast' }}
    />
  )
}
