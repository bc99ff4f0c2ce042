import { useSuspenseQuery } from '@tanstack/react-query'
import { formatPrice } from '../../../contract/money'
import { saleQueries } from '../../api/sales'
import { RatePurchaseButton } from './rate-purchase-button'

export function PurchaseHistory() {
  const { data: sales } = useSuspenseQuery(saleQueries.mine())
  return (
    <section className="account-history" aria-labelledby="purchase-history-title">
      <h2 id="purchase-history-title">Purchase history</h2>
      {sales.length === 0 ? (
        <p className="account-empty">You haven't bought any products yet</p>
      ) : (
        <div className="account-table-scroll">
          <table className="account-table">
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
                          <th scope="rowgroup" rowSpan={span}>
                            {sale.id}
                          </th>
                          <td rowSpan={span}>{sale.createdAt.slice(0, 10)}</td>
                        </>
                      )}
                      <td>
                        {item.name}
                        {item.count > 1 && <span className="account-count"> × {item.count}</span>}
                      </td>
                      <td>{formatPrice(item.price)}</td>
                      {index === 0 && (
                        <>
                          <td rowSpan={span}>{formatPrice(sale.cost)}</td>
                          <td rowSpan={span}>{sale.status}</td>
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
        </div>
      )}
    </section>
  )
}
