import { useSyncExternalStore } from 'react'
import type { toast } from 'sonner'

// Screens call `notify`, never sonner: sonner and the toaster arrive with the first toast (always
// after an interaction), so the first load pays for neither.

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
