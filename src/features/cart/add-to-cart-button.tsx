import type { CartProduct } from '../../lib/cart-rules'
import { addToCart } from './cart-actions'

/** The add-to-cart button of cards, the detail page and /favorites (spec 4 rules). */
export function AddToCartButton({
  instrument,
  quantity,
}: {
  instrument: CartProduct
  /** The detail page's quantity picker; without it, one more (spec 9: default 1). */
  quantity?: number
}) {
  return (
    <button
      type="button"
      className="button button-accent add-to-cart"
      // The visible words come first (WCAG 2.5.3, label in name): a voice user says "Add to cart".
      aria-label={
        quantity === undefined
          ? `Add to cart: ${instrument.name}`
          : `Add to cart: ${quantity} ${instrument.name}`
      }
      onClick={() => addToCart(instrument, quantity)}
    >
      Add to cart
    </button>
  )
}
