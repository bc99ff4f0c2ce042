import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { authMutations } from '../../api/auth'
import { shopConfig } from '../../lib/shop-config'
import { notify } from '../../lib/toast'
import { useSignIn } from './use-sign-in'

// Loaded only when configured and shown, so the storefront's first load never pays for it.
const GoogleButton = lazy(() => import('./google-button'))

export function GoogleSignIn() {
  const clientId = shopConfig().googleClientId
  const signIn = useSignIn()
  const login = useMutation({
    ...authMutations.loginGoogle(),
    onSuccess: signIn,
  })
  // Google's script blocked or offline: the shopper tried nothing, so say it in place, no error toast.
  const [unreachable, setUnreachable] = useState(false)
  if (!clientId || unreachable) {
    return (
      <button type="button" className="account-google-off" disabled>
        {clientId ? 'Google sign-in is unavailable right now' : 'Google sign-in is not configured'}
      </button>
    )
  }
  return (
    <Suspense fallback={<p className="account-google-loading">Loading Google sign-in…</p>}>
      <GoogleButton
        clientId={clientId}
        onCredential={(credential) => login.mutate(credential)}
        onError={() => notify.error('Google sign-in did not complete. Please try again.')}
        onUnreachable={() => setUnreachable(true)}
      />
    </Suspense>
  )
}
