import { orderStatus } from '../../contract/order-states'
import type { Sale } from '../../contract/sales'
import type { saleItems, sales } from '../db/schema/sales'

type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

export function toSale(
  row: SaleRow,
  items: SaleItemRow[],
  rated?: (item: SaleItemRow) => boolean,
): Sale {
  return {
    id: row.id,
    status: orderStatus(row.status, row.fulfilment),
    fulfilment: row.fulfilment,
    cost: row.cost,
    refundedCents: row.refundedCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cus_name: row.cusName,
    cus_email: row.cusEmail,
    cus_phone: row.cusPhone,
    cus_address: row.cusAddress,
    cus_city: row.cusCity,
    cus_country: row.cusCountry,
    cus_zip: row.cusZip,
    userId: row.userId,
    instrument: items.map((item) => ({
      id: item.id,
      instrumentId: item.instrumentId,
      name: item.name,
      brand: item.brand,
      img: item.img,
      price: item.price,
      count: item.count,
      ...(rated ? { rated: rated(item) } : {}),
    })),
  }
}
