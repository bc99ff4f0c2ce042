import type { StockLevel } from '../../../contract/back-office'

const words = { low: 'Low stock', out: 'Out of stock' } as const

/** The Instruments tab's stock cell: the units, and a worded badge once they run low. */
export function StockCell({
  stock,
  level,
  threshold,
}: {
  stock: number
  level: StockLevel
  threshold: number
}) {
  return (
    <span className="stock-cell">
      {stock}
      {level !== 'ok' && (
        <span className={`stock-badge stock-badge-${level}`} title={`Low at ${threshold} or fewer`}>
          {words[level]}
        </span>
      )}
    </span>
  )
}
