import { formatPrice } from '../../../contract/money'
import { lineShortfall } from '../../../contract/stock'
import { InstrumentPicture } from '../../components/instrument-picture'
import type { CartLineView } from '../cart/use-cart-lines'

export function ResumeItems({ lines, total }: { lines: CartLineView[]; total: number }) {
  return (
    <section className="resume-items" aria-labelledby="resume-items-title">
      <h2 id="resume-items-title">Resume items</h2>
      <ul>
        {lines.map((line) => (
          <li key={line.id} className="resume-line">
            <InstrumentPicture src={line.img} width={64} height={64} sizes="64px" />
            <div>
              <span className="resume-brand">{line.brand}</span>
              <span className="resume-name">{line.name}</span>
              <span className="resume-meta">
                {formatPrice(line.price)} · {line.status} · Quantity: {line.count}
              </span>
              {line.unavailable ? (
                <span className="field-error">No longer available: remove it from the cart</span>
              ) : (
                lineShortfall(line) && (
                  <span className="field-error">
                    {lineShortfall(line)}: change the quantity in the cart
                  </span>
                )
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="checkout-total">
        <span>Total</span> <strong>{formatPrice(total)}</strong>
      </p>
    </section>
  )
}
