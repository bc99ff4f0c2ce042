import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatPrice } from '../../../contract/money'
import { saleQueries } from '../../api/sales'
import { OrderStatusBadge } from '../../components/order-status'
import { RatePurchaseButton } from './rate-purchase-button'
import './purchase-history.css'

export function PurchaseHistory() {
  const { data: sales } = useSuspenseQuery(saleQueries.mine())
  return (
    <section className="purchase-history" aria-labelledby="purchase-history-title">
      <h2 id="purchase-history-title">Purchase history</h2>
      {sales.length === 0 ? (
        <p className="purchase-empty">You haven't bought any products yet</p>
      ) : (
        <section
          className="purchase-table-scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
          tabIndex={0}
          aria-label="Purchases table"
        >
          <table className="purchase-table">
            <thead>
              <tr>
                <th scope="col">Sale id</th>
                <th scope="col">Date</th>
                <th scope="col">Products</th>
                <th scope="col">Instrument cost</th>
                <th scope="col">Total cost</th>
                <th scope="col">Sale status</th>
                <th scope="col">
                  <span className="visually-hidden">Rating</span>
                </th>
              </tr>
            </thead>
            {sales.map((sale) => {
              const span = Math.max(sale.instrument.length, 1)
              return (
                <tbody key={sale.id}>
                  {sale.instrument.map((item, index) => (
                    <tr key={item.id}>
                      {index === 0 && (
                        <>
                          <th scope="rowgroup" rowSpan={span} data-label="Sale id">
                            {/* The order's own page: its refunds, its parcel and its timeline. */}
                            <Link
                              to="/user/orders/$id"
                              params={{ id: sale.id }}
                              className="purchase-order-link"
                              aria-label={`Order ${sale.id}`}
                            >
                              {sale.id}
                            </Link>
                          </th>
                          <td rowSpan={span} data-label="Date">
                            <time dateTime={sale.createdAt}>{sale.createdAt.slice(0, 10)}</time>
                          </td>
                        </>
                      )}
                      <td data-label="Product">
                        <span>
                          {item.name}
                          {item.count > 1 && (
                            <span className="purchase-count"> × {item.count}</span>
                          )}
                        </span>
                      </td>
                      <td data-label="Instrument cost">{formatPrice(item.price)}</td>
                      {index === 0 && (
                        <>
                          <td rowSpan={span} data-label="Total cost">
                            {formatPrice(sale.cost)}
                          </td>
                          <td rowSpan={span} data-label="Sale status">
                            <OrderStatusBadge status={sale.status} />
                          </td>
                        </>
                      )}
                      <td>
                        <RatePurchaseButton sale={sale} item={item} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              )
            })}
          </table>
        </section>
      )}
    </section>
  )
}
