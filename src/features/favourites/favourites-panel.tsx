import { Link } from '@tanstack/react-router'
import { formatPrice } from '../../../contract/money'
import { Drawer } from '../../components/drawer'
import { EmptyState } from '../../components/empty-state'
import { NotifyMe } from '../../components/notify-me'
import { Spinner } from '../../components/spinner'
import { usePanelsStore } from '../../stores/panels'
import { useFavourites, useToggleFavourite } from './use-favourites'
import './favourites.css'
import { InstrumentPicture } from '../../components/instrument-picture'

export function FavouritesPanel() {
  const open = usePanelsStore((s) => s.open === 'favourites')
  const closePanel = usePanelsStore((s) => s.closePanel)
  return (
    <Drawer open={open} onClose={closePanel} title="Favorites" width={600}>
      <FavouritesContents onClose={closePanel} />
    </Drawer>
  )
}

function FavouritesContents({ onClose }: { onClose: () => void }) {
  const { favourites, signedIn, isPending } = useFavourites()
  const { remove } = useToggleFavourite()
  const openPanel = usePanelsStore((s) => s.openPanel)
  if (signedIn && isPending) return <Spinner label="Loading favorites" />
  return (
    <>
      {favourites.length === 0 ? (
        <EmptyState
          title="Your favorites list is empty"
          action={
            !signedIn && (
              <button type="button" className="button" onClick={() => openPanel('login')}>
                Sign In
              </button>
            )
          }
        />
      ) : (
        <ul className="favourite-lines">
          {favourites.map((f) => (
            <li key={f.id} className="favourite-line">
              <InstrumentPicture src={f.img} width={64} height={64} sizes="64px" />
              <span className="favourite-name">{f.name}</span>
              <span>{formatPrice(f.price)}</span>
              {f.stock <= 0 && <NotifyMe instrumentId={f.id} name={f.name} />}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${f.name} from favorites`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(f.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to="/favorites" className="button button-primary view-full-list" onClick={onClose}>
        View full list
      </Link>
    </>
  )
}
