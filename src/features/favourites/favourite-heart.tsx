import { usePanelsStore } from '../../stores/panels'
import { useFavourites, useToggleFavourite } from './use-favourites'
import './favourites.css'

export function FavouriteHeart({ instrumentId, name }: { instrumentId: number; name: string }) {
  const { filled, pending, toggle } = useHeart(instrumentId)
  return (
    <button
      type="button"
      className={`heart${filled ? ' heart-filled' : ''}`}
      aria-pressed={filled}
      aria-label={`Favorite ${name}`}
      data-instrument-id={instrumentId}
      // Not `disabled`: that would drop keyboard focus to the page after every toggle.
      aria-disabled={pending}
      onClick={toggle}
    >
      <span aria-hidden="true">{filled ? '♥' : '♡'}</span>
    </button>
  )
}

function useHeartInBrowser(instrumentId: number) {
  const { favourites, signedIn } = useFavourites()
  const { add, remove } = useToggleFavourite()
  const openPanel = usePanelsStore((s) => s.openPanel)
  const stored = favourites.some((f) => f.id === instrumentId)
  const pending = add.isPending || remove.isPending
  const toggle = () => {
    if (pending) return
    if (!signedIn) openPanel('login')
    else if (stored) remove.mutate(instrumentId)
    else add.mutate(instrumentId)
  }
  return { filled: pending ? add.isPending : stored, pending, toggle }
}

// The server renders as nobody, and nothing is pending there: the heart is empty, as the
// browser's first render draws it too (its session store reads the server's state while it
// hydrates). Without the favourites query and the two mutations every card would set up and
// throw away (docs/decisions/2026-11-24-server-rendering.md). Chosen when built: the browser's
// bundle has only the hook above.
const signedOutHeart = (_instrumentId: number) => ({ filled: false, pending: false, toggle() {} })
const useHeart = import.meta.env.SSR ? signedOutHeart : useHeartInBrowser
