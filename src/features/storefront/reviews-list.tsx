import type { Review } from '../../../contract/catalog'
import { Stars } from '../../components/stars'

export function ReviewsList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="muted">This instrument has not been rated</p>
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <div className="review-head">
            <span className="review-author">{review.userName}</span>
            <time dateTime={review.createdAt}>{review.createdAt.slice(0, 10)}</time>
          </div>
          <div className="review-stars">
            <Stars value={review.star} size={14} />
            <span>{review.star}/5</span>
          </div>
          <p className="review-comment">{review.comment}</p>
        </li>
      ))}
    </ul>
  )
}
