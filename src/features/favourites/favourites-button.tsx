// Placeholder until the favourites issue: the navigation bar's Favorites button.
export function FavouritesButton() {
  return null
}
