import { useNavigate } from '@tanstack/react-router'
import { useSessionStore } from '../../stores/session'

/** Spec 4, log out (the shop's nav, the back office, a deleted account): the session ends, then `/`. */
export function useLogOut() {
  const navigate = useNavigate()
  return async () => {
    useSessionStore.getState().signOut()
    await navigate({ to: '/' })
  }
}
