import { usePanelsStore } from '../../stores/panels'
import { useFavourites, useToggleFavourite } from './use-favourites'
import './favourites.css'

export function FavouriteHeart({ instrumentId, name }: { instrumentId: number; name: string }) {
  const { favourites, signedIn } = useFavourites()
  const { add, remove } = useToggleFavourite()
  const openPanel = usePanelsStore((s) => s.openPanel)
  const stored = favourites.some((f) => f.id === instrumentId)
  const pending = add.isPending || remove.isPending
  const filled = pending ? add.isPending : stored

  return (
    <button
      type="button"
      className={`heart${filled ? ' heart-filled' : ''}`}
      aria-pressed={filled}
      aria-label={`Favorite ${name}`}
      data-instrument-id={instrumentId}
      // Not `disabled`: that would drop keyboard focus to the page after every toggle.
      aria-disabled={pending}
      onClick={() => {
        if (pending) return
        if (!signedIn) openPanel('login')
        else if (stored) remove.mutate(instrumentId)
        else add.mutate(instrumentId)
      }}
    >
      <span aria-hidden="true">{filled ? '♥' : '♡'}</span>
    </button>
  )
}
