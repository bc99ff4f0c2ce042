import { Link } from '@tanstack/react-router'
import { formatPrice } from '../../../contract/money'
import { lineShortfall } from '../../../contract/stock'
import { Drawer } from '../../components/drawer'
import { EmptyState } from '../../components/empty-state'
import { InstrumentPicture } from '../../components/instrument-picture'
import { Price } from '../../components/price'
import { subtotal } from '../../lib/cart-rules'
import { paymentProviderName } from '../../lib/payment-provider'
import { useCartStore } from '../../stores/cart'
import { usePanelsStore } from '../../stores/panels'
import { addOneMore } from './cart-actions'
import { type CartLineView, useCartLines } from './use-cart-lines'
import './cart.css'

export function CartPanel() {
  const open = usePanelsStore((s) => s.open === 'cart')
  const closePanel = usePanelsStore((s) => s.closePanel)
  return (
    <Drawer open={open} onClose={closePanel} title="Shopping cart" width={600}>
      <CartContents onClose={closePanel} />
    </Drawer>
  )
}

function CartContents({ onClose }: { onClose: () => void }) {
  const { lines, total } = useCartLines()
  return (
    <>
      <Link to="/" className="link-button back-to-shopping" onClick={onClose}>
        <span aria-hidden="true">←</span> Back to shopping
      </Link>
      {lines.length === 0 ? (
        <EmptyState
          title="Your shopping cart is empty"
          action={
            <Link to="/" className="button button-primary" onClick={onClose}>
              Continue Shopping
            </Link>
          }
        />
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineRow key={line.id} line={line} />
            ))}
          </ul>
          <div className="cart-footer">
            <p className="cart-subtotal">
              <span>Subtotal</span> <strong>{formatPrice(total)}</strong>
            </p>
            {/* The cart knows no country yet: the checkout's quote prices the rest. */}
            <p className="cart-note muted">
              Discount codes, shipping and taxes are worked out at checkout.
            </p>
            <Link to="/checkout" className="button button-primary button-block" onClick={onClose}>
              Pay with {paymentProviderName()}
            </Link>
          </div>
        </>
      )}
    </>
  )
}

function CartLineRow({ line }: { line: CartLineView }) {
  const minus = useCartStore((s) => s.minus)
  const remove = useCartStore((s) => s.remove)
  const shortfall = lineShortfall(line)
  return (
    <li className="cart-line">
      <InstrumentPicture src={line.img} width={72} height={72} sizes="72px" />
      <div className="cart-line-info">
        <Link
          to="/instruments/$id"
          params={{ id: line.id }}
          className="cart-line-name"
          preload={false}
        >
          {line.name}
        </Link>
        <span className="cart-line-each">
          <Price amount={line.price} /> each
        </span>
        {line.unavailable ? (
          <span className="cart-line-warning">No longer available</span>
        ) : (
          shortfall && <span className="cart-line-warning">{shortfall}</span>
        )}
      </div>
      <div className="cart-qty">
        <button
          type="button"
          className="qty-button"
          aria-label={`Decrease quantity of ${line.name}`}
          onClick={() => minus(line.id)}
        >
          −
        </button>
        <output aria-label={`Quantity of ${line.name}`}>{line.count}</output>
        <button
          type="button"
          className="qty-button"
          aria-label={`Increase quantity of ${line.name}`}
          disabled={line.unavailable}
          onClick={() => addOneMore(line.id, line.stock)}
        >
          +
        </button>
      </div>
      <p className="cart-line-total">
        <span className="visually-hidden">Line total </span>
        {formatPrice(subtotal([line]))}
      </p>
      <button
        type="button"
        className="link-button cart-remove"
        aria-label={`Remove ${line.name} from cart`}
        onClick={() => remove(line.id)}
      >
        Remove
      </button>
    </li>
  )
}
