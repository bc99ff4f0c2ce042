import { quanTities, useCartStore } from '../../stores/cart'
import { usePanelsStore } from '../../stores/panels'
import './cart.css'
import { LineIcon } from '../../components/line-icon'

const CART_BUTTON_ID = 'cart-button'

export function CartButton() {
  const count = useCartStore(quanTities)
  const openPanel = usePanelsStore((s) => s.openPanel)
  return (
    <button
      type="button"
      id={CART_BUTTON_ID}
      className="cart-button"
      // Starts with the visible words, 'Cart' and the count (WCAG 2.5.3, label in name).
      aria-label={`Cart ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
      data-replay="cart"
      onClick={() => openPanel('cart')}
    >
      <LineIcon
        d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 19.5a1 1 0 1 0 0 .01M17 19.5a1 1 0 1 0 0 .01"
        roundJoins
      />
      {/* The space makes the visible text 'Cart 2', which the name begins with; flex ignores it. */}
      Cart{' '}
      <span className="cart-badge" aria-hidden="true">
        {count}
      </span>
    </button>
  )
}
