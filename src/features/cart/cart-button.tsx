import { useCartStore } from '../../stores/cart'
import { usePanelsStore } from '../../stores/panels'
import './cart.css'

export const CART_BUTTON_ID = 'cart-button'

/** The navigation bar's Cart button with its item-count badge (spec 2). */
export function CartButton() {
  const count = useCartStore((s) => s.quanTities)
  const openPanel = usePanelsStore((s) => s.openPanel)
  return (
    <button
      type="button"
      id={CART_BUTTON_ID}
      className="cart-button"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
      onClick={() => openPanel('cart')}
    >
      <span aria-hidden="true">🛒</span> Cart
      <span className="cart-badge" aria-hidden="true">
        {count}
      </span>
    </button>
  )
}
