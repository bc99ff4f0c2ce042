import { useSyncExternalStore } from 'react'
import type { toast } from 'sonner'

// The one toast entry point: screens call `notify`, never sonner directly, so the look and the
// spec's placement (top-right, 3000 ms, at most 20) live in one place (<AppToaster> in the root).
// sonner and the toaster arrive with the first toast: a toast always follows an interaction, so
// the storefront's first load pays for neither. The toaster shows toasts made before it mounted.

type Toast = typeof toast
let toasterWanted = false
const listeners = new Set<() => void>()

const sonner = () => {
  if (!toasterWanted) {
    toasterWanted = true
    for (const listener of listeners) listener()
  }
  return import('sonner').then((module) => module.toast)
}

export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => toasterWanted,
    () => false,
  )
}

export const notify = {
  success: (...args: Parameters<Toast['success']>) => void sonner().then((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => void sonner().then((t) => t.error(...args)),
  warning: (...args: Parameters<Toast['warning']>) => void sonner().then((t) => t.warning(...args)),
  dismiss: (...args: Parameters<Toast['dismiss']>) => void sonner().then((t) => t.dismiss(...args)),
}
