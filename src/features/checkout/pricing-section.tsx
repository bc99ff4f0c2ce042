import { useId, useState } from 'react'
import { formatPrice } from '../../../contract/money'
import type { Quote } from '../../../contract/pricing'
import { hasPriceParts, PriceBreakdown } from '../../components/price-breakdown'

const daysText = (days: number | null) =>
  days === null ? '' : ` · ${days} ${days === 1 ? 'day' : 'days'}`

/**
 * What the order costs where it goes: the zone's shipping methods, the discount code and
 * the server's breakdown. A shop that set no zone, rate or code answers no methods and no parts:
 * then only the code field shows, and Pay's total is the cart's, as before.
 */
export function PricingSection({
  quote,
  picked,
  onMethod,
  onApply,
}: {
  quote: Quote | undefined
  /** The method the shopper picked: checked at once, while its figures are asked. */
  picked: number | undefined
  onMethod: (id: number) => void
  onApply: (code: string | undefined) => void
}) {
  const [typed, setTyped] = useState('')
  const codeId = useId()
  const refusal = quote?.refusal
  const codeRefusal = refusal && 'code' in refusal ? refusal.reason : undefined
  const countryRefusal = refusal && 'country' in refusal ? refusal.reason : undefined
  const methods = quote?.shippingMethods ?? []
  const chosen = methods.find((method) => method.id === quote?.shippingMethodId)
  const checked = methods.some((method) => method.id === picked) ? picked : chosen?.id
  const apply = () => onApply(typed.trim() || undefined)

  return (
    <section className="checkout-pricing" aria-label="Shipping and discount">
      {countryRefusal && (
        <p role="alert" className="field-error checkout-unserved">
          {countryRefusal}
        </p>
      )}
      {methods.length > 0 && (
        <fieldset className="checkout-methods">
          <legend>Shipping method</legend>
          {methods.map((method) => (
            <label key={method.id} className="checkout-method">
              <input
                type="radio"
                name="shippingMethod"
                value={method.id}
                checked={method.id === checked}
                onChange={() => onMethod(method.id)}
              />
              <span>
                {method.name}
                {daysText(method.days)}
              </span>
              <strong>{method.price === 0 ? 'Free' : formatPrice(method.price)}</strong>
            </label>
          ))}
        </fieldset>
      )}
      <div className="field checkout-code">
        <label htmlFor={codeId}>Discount code</label>
        <div className="checkout-code-row">
          <input
            id={codeId}
            value={typed}
            autoComplete="off"
            aria-invalid={Boolean(codeRefusal)}
            aria-describedby={codeRefusal ? `${codeId}-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              // Enter applies the code; it does not pay.
              if (event.key !== 'Enter') return
              event.preventDefault()
              apply()
            }}
          />
          <button type="button" className="button" onClick={apply}>
            Apply
          </button>
        </div>
        {codeRefusal && (
          <p id={`${codeId}-error`} role="alert" className="field-error">
            {codeRefusal}
          </p>
        )}
        {quote?.discountCode && (
          <p role="status" className="field-hint">
            Code {quote.discountCode} applied
          </p>
        )}
      </div>
      {quote && (hasPriceParts(quote) || methods.length > 0) && (
        <PriceBreakdown parts={{ ...quote, shippingMethod: chosen?.name ?? null }} />
      )}
    </section>
  )
}
