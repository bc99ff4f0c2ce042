import { formatPrice } from '../../contract/money'

/** What an order costs, as the server priced it (a quote, or a sale). */
export interface PriceParts {
  subtotal: number
  discount: number
  shipping: number
  tax: number
  taxIncluded: boolean
  total: number
  discountCode?: string | null
  shippingMethod?: string | null
}

/** A shop that charges no shipping or tax and a sale with no code show the total alone, as before. */
export const hasPriceParts = (parts: PriceParts) =>
  parts.discount !== 0 || parts.shipping !== 0 || parts.tax !== 0

// The server's figures, never added up here: they always add up to the cent.
export function PriceBreakdown({ parts }: { parts: PriceParts }) {
  return (
    <dl className="price-breakdown">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPrice(parts.subtotal)}</dd>
      </div>
      {parts.discount !== 0 && (
        <div>
          <dt>Discount{parts.discountCode && ` (${parts.discountCode})`}</dt>
          <dd>−{formatPrice(parts.discount)}</dd>
        </div>
      )}
      <div>
        <dt>Shipping{parts.shippingMethod && ` (${parts.shippingMethod})`}</dt>
        <dd>{formatPrice(parts.shipping)}</dd>
      </div>
      <div>
        <dt>{parts.taxIncluded ? 'Tax (incl.)' : 'Tax'}</dt>
        <dd>{formatPrice(parts.tax)}</dd>
      </div>
      <div className="price-breakdown-total">
        <dt>Total</dt>
        <dd>{formatPrice(parts.total)}</dd>
      </div>
    </dl>
  )
}
