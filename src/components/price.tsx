import { formatPrice } from '../../contract/money'

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
