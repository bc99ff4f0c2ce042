import { formatPrice } from '../../contract/money'

/** A price as spec 5 displays it, optionally followed by a unit such as '/each one'. */
export function Price({
  amount,
  suffix,
  className = 'price',
}: {
  amount: number
  suffix?: string
  className?: string
}) {
  return (
    <span className={className}>
      {formatPrice(amount)}
      {suffix && <span className="price-suffix">{suffix}</span>}
    </span>
  )
}
