import type { Instrument } from '../../../contract/catalog'

// Placeholder until the cart issue: present and keyboard-reachable, behaviour comes later.
export function AddToCartButton({ instrument }: { instrument: Instrument; quantity?: number }) {
  return (
    <button type="button" className="add-to-cart" aria-label={`Add ${instrument.name} to cart`}>
      Add to cart
    </button>
  )
}
