import { useMutation, useQuery } from '@tanstack/react-query'
import { favouriteMutations, favouriteQueries } from '../../api/favourites'
import { notify } from '../../lib/toast'
import { useSession } from '../../stores/session'

/** The signed-in person's favourites; nobody signed in has none (they live on the server). */
export function useFavourites() {
  const session = useSession()
  const query = useQuery({ ...favouriteQueries.list(), enabled: session !== null })
  return { ...query, favourites: session ? (query.data ?? []) : [], signedIn: session !== null }
}

/** Spec 8: a failed add or delete shows the server's error text. */
export function useToggleFavourite() {
  const add = useMutation({ ...favouriteMutations.add(), onError: (e) => notify.error(e.message) })
  const remove = useMutation({
    ...favouriteMutations.remove(),
    onError: (e) => notify.error(e.message),
  })
  return { add, remove }
}
