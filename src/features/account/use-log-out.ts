import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCartStore } from '../../stores/cart'
import { useSessionStore } from '../../stores/session'
import { forgetAccountData } from './forget-account-data'

/**
 * Spec 4, log out, from the shop's nav or the back office: empties the cart and its total,
 * removes the session, goes to / and drops the account's cached data.
 */
export function useLogOut() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async () => {
    useCartStore.getState().clear()
    useSessionStore.getState().signOut()
    await navigate({ to: '/' })
    // After leaving the page, so a mounted profile does not refetch what we drop.
    forgetAccountData(queryClient)
  }
}
