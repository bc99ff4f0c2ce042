import { useSyncExternalStore } from 'react'

const never = () => () => {}

/** False on the server and while React takes over the server's HTML; true from then on. */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
