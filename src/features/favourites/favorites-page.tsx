import { Link } from '@tanstack/react-router'
import { EmptyState } from '../../components/empty-state'
import { NotifyMe } from '../../components/notify-me'
import { Price } from '../../components/price'
import { Spinner } from '../../components/spinner'
import { usePanelsStore } from '../../stores/panels'
import { AddToCartButton } from '../cart/add-to-cart-button'
import { useFavourites, useToggleFavourite } from './use-favourites'
import './favourites.css'
import { InstrumentPicture } from '../../components/instrument-picture'

export function FavoritesPage() {
  const { favourites, signedIn, isPending, isError, error } = useFavourites()
  const { remove } = useToggleFavourite()
  const openPanel = usePanelsStore((s) => s.openPanel)

  return (
    <section className="favorites-page">
      <h1>Favorites</h1>
      {signedIn && isPending ? (
        <Spinner label="Loading favorites" />
      ) : isError ? (
        <p role="alert">{error.message}</p>
      ) : favourites.length === 0 ? (
        <EmptyState
          title="Your Favorite List is empty"
          action={
            <div className="favourites-empty-actions">
              <Link to="/" className="button button-primary">
                Continue Shopping
              </Link>
              {!signedIn && (
                <button type="button" className="button" onClick={() => openPanel('login')}>
                  Sign In
                </button>
              )}
            </div>
          }
        />
      ) : (
        <ul className="favorites-grid">
          {favourites.map((f) => (
            <li key={f.id} className="favorite-card">
              <InstrumentPicture src={f.img} width={160} height={160} sizes="160px" />
              <div className="favorite-card-body">
                <span className="favorite-brand">{f.brand}</span>
                <h2>{f.name}</h2>
                <p className="favorite-description">{f.description}</p>
                <Price amount={f.price} className="favorite-price" />
                <div className="favorite-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={`Remove ${f.name} from favorites`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(f.id)}
                  >
                    Remove
                  </button>
                  <AddToCartButton instrument={f} />
                </div>
                {f.stock <= 0 && <NotifyMe instrumentId={f.id} name={f.name} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
