import { Toaster } from 'sonner'
import { useTopBarBottom } from './use-top-bar-bottom'

const belowTopBar = 'var(--top-bar-bottom, 76px)'

// docs/product.md §8: toasts at the top-right for 3000 ms, at most 20. Sonner pauses its timers while the stack
// is hovered; the progress bar in styles.css (toasts section) pauses with it.
export function AppToaster() {
  useTopBarBottom()
  return (
    <Toaster
      position="top-right"
      duration={3000}
      visibleToasts={20}
      closeButton
      toastOptions={{ className: 'toast' }}
      offset={{ top: belowTopBar, right: 'var(--toast-right, 16px)' }}
      mobileOffset={{ top: belowTopBar, right: 12, left: 12 }}
    />
  )
}
