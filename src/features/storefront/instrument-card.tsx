import { Link } from '@tanstack/react-router'
import type { Instrument } from '../../../contract/catalog'
import { InstrumentPicture } from '../../components/instrument-picture'
import { Price } from '../../components/price'
import { Skeleton } from '../../components/skeleton'
import { Stars } from '../../components/stars'
import { AddToCartButton } from '../cart/add-to-cart-button'
import { FavouriteHeart } from '../favourites/favourite-heart'
import { StatusLabel } from './status-label'

// Two columns on a phone, about three on a tablet, cards of about 225 px beside the filters.
export const CARD_IMAGE = {
  width: 240,
  height: 200,
  sizes: '(max-width: 480px) 50vw, (max-width: 900px) 33vw, 240px',
}

// docs/product.md §2, instrument card. The name's link stretches over the card, so the image, rating, name,
// price and status all open the detail while the heart and add-to-cart stay separate buttons.
export function InstrumentCard({
  instrument,
  eager = false,
}: {
  instrument: Instrument
  eager?: boolean
}) {
  return (
    <article className="card">
      <div className="card-media">
        <InstrumentPicture
          src={instrument.img}
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          sizes={CARD_IMAGE.sizes}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </div>
      <div className="card-body">
        <div className="card-row">
          <span className="card-brand">{instrument.brand}</span>
          <span className="card-above">
            <FavouriteHeart instrumentId={instrument.id} name={instrument.name} />
          </span>
        </div>
        <h2 className="card-title">
          <Link to="/instruments/$id" params={{ id: instrument.id }} className="card-link">
            {instrument.name}
          </Link>
        </h2>
        <div className="card-rating">
          <Stars value={instrument.raiting} size={14} />
          <span className="card-count">({instrument.raitingCount})</span>
        </div>
        <div className="card-row">
          <Price amount={instrument.price} />
          <StatusLabel status={instrument.status} />
        </div>
        <div className="card-above card-cart">
          <AddToCartButton instrument={instrument} />
        </div>
      </div>
    </article>
  )
}

/** A card of the final size while its data loads, so the grid does not jump. */
export function InstrumentCardSkeleton() {
  return (
    <div className="card card-skeleton" aria-hidden="true">
      <div className="card-media">
        <Skeleton className="skeleton-fill" />
      </div>
      <div className="card-body">
        <Skeleton className="skeleton-line" style={{ width: '40%' }} />
        <Skeleton className="skeleton-line skeleton-title" style={{ width: '85%' }} />
        <Skeleton className="skeleton-line" style={{ width: '50%' }} />
        <Skeleton className="skeleton-line" style={{ width: '35%' }} />
        <Skeleton className="skeleton-button" />
      </div>
    </div>
  )
}
