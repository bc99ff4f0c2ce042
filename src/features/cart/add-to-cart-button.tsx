import type { CartProduct } from '../../lib/cart-rules'
import { addToCart } from './cart-actions'

export function AddToCartButton({
  instrument,
  quantity,
}: {
  instrument: CartProduct
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
      // A tap before the app runs is kept and replayed once it does (lib/early-taps.ts).
      data-replay={`add-to-cart-${instrument.id}`}
      onClick={() => addToCart(instrument, quantity)}
    >
      Add to cart
    </button>
  )
}
