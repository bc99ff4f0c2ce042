import { lazy, Suspense, useEffect } from 'react'
import { Dialog } from '../../components/dialog'
import { forgetReturnPath } from '../../lib/return-path'
import { usePanelsStore } from '../../stores/panels'

// The form and its validation load when the panel first opens, not with the storefront; the
// panel's frame shows at once (on a slow phone the form's chunk takes a second).
const LoginForm = lazy(() => import('./login-form').then((m) => ({ default: m.LoginForm })))

export function LoginPanel() {
  const open = usePanelsStore((s) => s.open === 'login')
  const closePanel = usePanelsStore((s) => s.closePanel)
  if (!open) return null
  // Closed without signing in: the page they were going to is no longer the point.
  const close = () => {
    forgetReturnPath()
    closePanel()
  }
  return (
    <Dialog open title="Sign In" onClose={close} width={440}>
      <Suspense fallback={<p>Loading…</p>}>
        <LoginForm inPanel />
        <FocusFirstField />
      </Suspense>
    </Dialog>
  )
}

// The dialog took focus before its form arrived: hand it on to the form's first field.
function FocusFirstField() {
  useEffect(() => {
    const box = document.activeElement
    if (box?.getAttribute('role') !== 'dialog') return
    box.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true })
  }, [])
  return null
}
