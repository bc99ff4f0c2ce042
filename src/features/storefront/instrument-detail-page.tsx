import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useCanGoBack, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { instrumentQueries } from '../../api/instruments'
import { InstrumentPicture } from '../../components/instrument-picture'
import { NotifyMe } from '../../components/notify-me'
import { Price } from '../../components/price'
import { Stars } from '../../components/stars'
import { AddToCartButton } from '../cart/add-to-cart-button'
import { FavouriteHeart } from '../favourites/favourite-heart'
import { QuantityPicker } from './quantity-picker'
import { ReviewsList } from './reviews-list'
import { StatusLabel } from './status-label'

const detailRoute = getRouteApi('/instruments/$id')

export function InstrumentDetailPage() {
  const { id } = detailRoute.useParams()
  // The loader has already turned a missing id into the not-found page.
  const { data: instrument } = useSuspenseQuery(instrumentQueries.detail(id ?? 0))
  const [quantity, setQuantity] = useState(1)
  const reviews = instrument.Raitings
  const inStock = instrument.stock > 0

  return (
    <div className="detail-page">
      <BackLink />
      <article className="detail" aria-labelledby="detail-title">
        <div className="detail-media">
          <InstrumentPicture
            src={instrument.img}
            alt={instrument.name}
            width={560}
            height={560}
            sizes="(max-width: 760px) 100vw, 560px"
            fetchPriority="high"
          />
        </div>
        <div className="detail-info">
          <div className="detail-top">
            <p className="detail-brand">{instrument.brand}</p>
            <FavouriteHeart instrumentId={instrument.id} name={instrument.name} />
          </div>
          <h1 id="detail-title">{instrument.name}</h1>
          <div className="detail-rating">
            {reviews.length > 0 ? (
              <>
                <Stars value={instrument.raiting} />
                <span>
                  {instrument.raiting.toFixed(1)} ({reviews.length}{' '}
                  {reviews.length === 1 ? 'review' : 'reviews'})
                </span>
              </>
            ) : (
              <span className="muted">No rating</span>
            )}
          </div>
          <p className="detail-price">
            <Price amount={instrument.price} suffix="/each one" />
          </p>
          <dl className="detail-facts">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusLabel status={instrument.status} />
              </dd>
            </div>
            <div>
              <dt>Stock</dt>
              <dd>{inStock ? instrument.stock : 'Out of stock'}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{instrument.categoryName}</dd>
            </div>
          </dl>
          <p className="detail-description">{instrument.description}</p>
          <div className="detail-buy">
            {inStock && (
              <QuantityPicker value={quantity} max={instrument.stock} onChange={setQuantity} />
            )}
            <AddToCartButton instrument={instrument} quantity={quantity} />
          </div>
          {!inStock && <NotifyMe instrumentId={instrument.id} name={instrument.name} />}
        </div>
      </article>
      <section className="detail-reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Reviews</h2>
        <ReviewsList reviews={reviews} />
      </section>
    </div>
  )
}

function BackLink() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  if (canGoBack) {
    return (
      <button type="button" className="back-link" onClick={() => router.history.back()}>
        ← Back to instruments
      </button>
    )
  }
  return (
    <Link to="/" className="back-link">
      ← Back to instruments
    </Link>
  )
}
