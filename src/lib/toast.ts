import type { toast } from 'sonner'

// The one toast entry point: screens call `notify`, never sonner directly, so the look and the
// spec's placement (top-right, 3000 ms, at most 20) live in one place (<AppToaster> in the root).
// sonner is imported on first use: a toast always follows an interaction, so the storefront's
// first load does not pay for it.

type Toast = typeof toast
const sonner = () => import('sonner').then((module) => module.toast)

export const notify = {
  success: (...args: Parameters<Toast['success']>) => void sonner().then((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => void sonner().then((t) => t.error(...args)),
  warning: (...args: Parameters<Toast['warning']>) => void sonner().then((t) => t.warning(...args)),
  dismiss: (...args: Parameters<Toast['dismiss']>) => void sonner().then((t) => t.dismiss(...args)),
}
