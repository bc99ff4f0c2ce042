import { LoginPanel } from '../account/login-panel'
import { CartPanel } from '../cart/cart-panel'
import { FavouritesPanel } from '../favourites/favourites-panel'

/**
 * The overlays of the frame. Each reads the panels store and renders only while open (one at a
 * time); each loads its own heavy parts lazily, so they stay mounted here for the whole visit.
 */
export function PanelHost() {
  return (
    <>
      <LoginPanel />
      <CartPanel />
      <FavouritesPanel />
    </>
  )
}
