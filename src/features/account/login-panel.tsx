import { lazy, Suspense } from 'react'
import { usePanelsStore } from '../../stores/panels'

// The form and its validation load when the panel first opens, not with the storefront.
const LoginDialog = lazy(() => import('./login-dialog'))

export function LoginPanel() {
  const open = usePanelsStore((s) => s.open === 'login')
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  )
}
