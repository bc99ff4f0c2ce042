import { fromCents } from '../../contract/money'
import { orderStatus } from '../../contract/order-states'
import type { Sale, SaleItem } from '../../contract/sales'
import type { saleItems, sales } from '../db/schema/sales'

type SaleRow = typeof sales.$inferSelect
type SaleItemRow = typeof saleItems.$inferSelect

// A sale from before pricing has no parts (migration 0027 gave old rows their cost as subtotal;
// a row written without them reads the same way): its cost was the sum of its lines.
export function saleSubtotal(
  row: Pick<SaleRow, 'cost' | 'subtotalCents' | 'discountCents' | 'shippingCents' | 'taxCents'>,
): number {
  const unpriced =
    row.subtotalCents === 0 &&
    row.discountCents === 0 &&
    row.shippingCents === 0 &&
    row.taxCents === 0
  return unpriced ? row.cost : fromCents(row.subtotalCents)
}

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
    subtotal: saleSubtotal(row),
    discount: fromCents(row.discountCents),
    shipping: fromCents(row.shippingCents),
    tax: fromCents(row.taxCents),
    taxIncluded: row.taxIncluded,
    discountCode: row.discountCode,
    shippingMethod: row.shippingMethod,
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
      ...toSaleItem(item),
      ...(rated ? { rated: rated(item) } : {}),
    })),
  }
}

export function toSaleItem(item: SaleItemRow): SaleItem {
  return {
    id: item.id,
    instrumentId: item.instrumentId,
    name: item.name,
    brand: item.brand,
    img: item.img,
    price: item.price,
    count: item.count,
    discount: fromCents(item.discountCents),
    tax: fromCents(item.taxCents),
  }
}
