// Placeholder until the favourites issue: the heart toggle on cards and the detail page.
export function FavouriteHeart({ instrumentId, name }: { instrumentId: number; name: string }) {
  return (
    <button
      type="button"
      className="heart"
      aria-pressed={false}
      aria-label={`Add ${name} to favorites`}
      data-instrument-id={instrumentId}
    >
      ♡
    </button>
  )
}
