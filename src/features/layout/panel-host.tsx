import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { usePanelsStore } from '../../stores/panels'
import { LoginPanel } from '../account/login-panel'
import { CartPanel } from '../cart/cart-panel'
import { FavouritesPanel } from '../favourites/favourites-panel'

export function PanelHost() {
  useClosePanelsOnNavigation()
  // A panel restored from the tab's storage appears once the server's page has been taken over,
  // so the first render matches it.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) return null
  return (
    <>
      <LoginPanel />
      <CartPanel />
      <FavouritesPanel />
    </>
  )
}

// Every new page starts with its panels closed. The one exception is the spec's sign-up link in
// the login panel, which goes to /signup and closes the panel itself 2 s later.
function useClosePanelsOnNavigation() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    const { open, closePanel } = usePanelsStore.getState()
    if (open && !(open === 'login' && pathname === '/signup')) closePanel()
  }, [pathname])
}
