import { usePanelsStore } from '../../stores/panels'
import './favourites.css'

const FAVOURITES_BUTTON_ID = 'favourites-button'

export function FavouritesButton() {
  const openPanel = usePanelsStore((s) => s.openPanel)
  return (
    <button
      type="button"
      id={FAVOURITES_BUTTON_ID}
      className="favourites-button"
      aria-haspopup="dialog"
      data-replay="favourites"
      onClick={() => openPanel('favourites')}
    >
      <span aria-hidden="true">♡</span> Favorites
    </button>
  )
}
