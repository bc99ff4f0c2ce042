// Placeholder until the favourites issue: the favourites overlay.
export function FavouritesPanel() {
  return null
}
