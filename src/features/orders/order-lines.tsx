import { formatCents, formatPrice } from '../../../contract/money'
import type { OrderLine } from '../../../contract/orders'
import { hasPriceParts, type PriceParts } from '../../components/price-breakdown'

/** The bought lines at the price paid, with the units given back, and the order's total. */
export function OrderLines({
  lines,
  totalCents,
  parts,
}: {
  lines: OrderLine[]
  totalCents: number
  /** The order's discount, shipping and tax, shown above the total when it has any. */
  parts?: PriceParts
}) {
  return (
    <table className="order-lines">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Units</th>
          <th scope="col">Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row" data-label="Product">
              <span className="order-line-name">{line.name}</span>
              <span className="order-line-brand">{line.brand}</span>
            </th>
            <td data-label="Price">{formatCents(line.priceCents)}</td>
            <td data-label="Units">
              {/* One child: on a phone the cell is a label and its value, side by side. */}
              <span>
                {line.count}
                {line.refunded > 0 && (
                  <span className="order-line-refunded"> ({line.refunded} refunded)</span>
                )}
              </span>
            </td>
            <td data-label="Subtotal">{formatCents(line.priceCents * line.count)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {parts && hasPriceParts(parts) && <PartRows parts={parts} />}
        <tr>
          <th scope="row" colSpan={3}>
            Total
          </th>
          <td data-label="Total">{formatCents(totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  )
}

function PartRows({ parts }: { parts: PriceParts }) {
  const rows: [string, string][] = [
    ['Subtotal', formatPrice(parts.subtotal)],
    ...(parts.discount !== 0
      ? [
          [
            `Discount${parts.discountCode ? ` (${parts.discountCode})` : ''}`,
            `−${formatPrice(parts.discount)}`,
          ] as [string, string],
        ]
      : []),
    [
      `Shipping${parts.shippingMethod ? ` (${parts.shippingMethod})` : ''}`,
      formatPrice(parts.shipping),
    ],
    [parts.taxIncluded ? 'Tax (incl.)' : 'Tax', formatPrice(parts.tax)],
  ]
  return rows.map(([label, amount]) => (
    <tr key={label}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td data-label={label}>{amount}</td>
    </tr>
  ))
}
