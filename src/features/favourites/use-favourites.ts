import { useMutation, useQuery } from '@tanstack/react-query'
import { favouriteMutations, favouriteQueries } from '../../api/favourites'
import { useSession } from '../../stores/session'

export function useFavourites() {
  const session = useSession()
  const query = useQuery({ ...favouriteQueries.list(), enabled: session !== null })
  return { ...query, favourites: session ? (query.data ?? []) : [], signedIn: session !== null }
}

export function useToggleFavourite() {
  const add = useMutation(favouriteMutations.add())
  const remove = useMutation(favouriteMutations.remove())
  return { add, remove }
}
