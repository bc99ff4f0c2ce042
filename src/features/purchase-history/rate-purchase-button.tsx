import { useState } from 'react'
import { isPaid, type Sale, type SaleItem } from '../../../contract/sales'
import { RatingPanel } from './rating-panel'

export function RatePurchaseButton({ sale, item }: { sale: Sale; item: SaleItem }) {
  const [open, setOpen] = useState(false)
  const { instrumentId } = item
  // Only a paid sale may rate (the server refuses the others too).
  if (!isPaid(sale)) return null
  if (item.rated) {
    return (
      <button type="button" className="button rate-button" disabled>
        Rated
      </button>
    )
  }
  if (instrumentId === null) {
    return (
      <button
        type="button"
        className="button rate-button"
        disabled
        title="No longer in the catalogue"
      >
        Rate instrument
      </button>
    )
  }
  return (
    <>
      <button
        type="button"
        className="button rate-button"
        aria-label={`Rate instrument ${item.name}`}
        onClick={() => setOpen(true)}
      >
        Rate instrument
      </button>
      {open && (
        <RatingPanel
          sale={sale}
          item={item}
          instrumentId={instrumentId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}
