import { useNavigate } from '@tanstack/react-router'
import type { SessionResponse } from '../../../contract/auth'
import { forgetReturnPath, takeReturnPath } from '../../lib/return-path'
import { notify } from '../../lib/toast'
import { usePanelsStore } from '../../stores/panels'
import { readToken, useSessionStore } from '../../stores/session'

// docs/product.md §4, login outcome by role: admin goes to /admin, user to /, banned has the session
// removed and sees 'You were banned!'. The whole answer is kept as the session (docs/product.md §7).
export function useSignIn() {
  const navigate = useNavigate()
  return async (answer: SessionResponse) => {
    const role = readToken(answer.token)?.role
    const { signIn, signOut } = useSessionStore.getState()
    if (role === 'banned') {
      forgetReturnPath()
      signOut()
      notify.warning('You were banned!')
      return
    }
    if (!role) {
      signOut()
      notify.error('The shop answered with a session it cannot read. Please try again.')
      return
    }
    const back = takeReturnPath()
    signIn({ ...answer })
    usePanelsStore.getState().closePanel()
    if (back) await navigate({ href: back })
    else if (role === 'admin') await navigate({ href: '/admin' })
    else await navigate({ to: '/' })
  }
}
