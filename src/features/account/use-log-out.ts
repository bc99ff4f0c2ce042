import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { authMutations } from '../../api/auth'
import { useSessionStore } from '../../stores/session'

export function useLogOut() {
  const navigate = useNavigate()
  const endOnServer = useMutation(authMutations.logOut())
  return async () => {
    // Not awaited: leaving never waits for the network, and an already ended session is fine.
    const token = useSessionStore.getState().session?.token
    if (token) endOnServer.mutate(token)
    useSessionStore.getState().signOut()
    await navigate({ to: '/' })
  }
}
