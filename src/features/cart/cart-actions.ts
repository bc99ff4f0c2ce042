import type { CartProduct } from '../../lib/cart-rules'
import { notify } from '../../lib/toast'
import { useCartStore } from '../../stores/cart'
import { usePanelsStore } from '../../stores/panels'
import { currentRole } from '../../stores/session'

export function toCartProduct(instrument: CartProduct): CartProduct {
  const { id, name, brand, price, img, status, stock } = instrument
  return { id, name, brand, price, img, status, stock }
}

// docs/product.md §4: signed in (else the login panel opens), 'Stock sold out' past the stock, and 'Added to
// cart' or, with the detail page's quantity, '<quantity> <name> added to cart'.
export function addToCart(instrument: CartProduct, quantity?: number) {
  if (!currentRole()) {
    usePanelsStore.getState().openPanel('login')
    return
  }
  const added = useCartStore.getState().add(toCartProduct(instrument), quantity)
  if (!added) notify.warning('Stock sold out')
  else if (quantity === undefined) notify.success('Added to cart')
  else notify.success(`${quantity} ${instrument.name} added to cart`)
}

export function addOneMore(id: number, currentStock: number) {
  if (!useCartStore.getState().plus(id, currentStock)) notify.warning('Stock sold out')
}
