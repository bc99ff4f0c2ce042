import { asc, eq, gt, sql } from 'drizzle-orm'
import { INSTRUMENT_CSV_COLUMNS, SALE_CSV_COLUMNS } from '../../contract/catalogue-csv'
import type { Database } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { saleSubtotal } from '../orders'
import { csvStream, keysetPages } from './csv-stream'

/** Every instrument, bans included, in id order; the category by its name (the import reads both). */
export function instrumentsCsv(db: Database): ReadableStream<Uint8Array> {
  const pages = keysetPages(
    (after: number | undefined, limit) =>
      db
        .select({
          id: instruments.id,
          name: instruments.name,
          brand: instruments.brand,
          price: instruments.price,
          img: instruments.img,
          description: instruments.description,
          stock: instruments.stock,
          status: instruments.status,
          category: categories.name,
          isBanned: instruments.isBanned,
          lowStockThreshold: instruments.lowStockThreshold,
        })
        .from(instruments)
        .innerJoin(categories, eq(categories.id, instruments.categoryId))
        .where(after === undefined ? undefined : gt(instruments.id, after))
        .orderBy(asc(instruments.id))
        .limit(limit),
    (row) => row.id,
  )
  return csvStream(
    INSTRUMENT_CSV_COLUMNS,
    mapPages(pages, (row) => INSTRUMENT_CSV_COLUMNS.map((c) => row[c])),
  )
}

/** Every sale line with its sale, oldest sale first; money in dollars, times in ISO 8601 (UTC). */
export function salesCsv(db: Database): ReadableStream<Uint8Array> {
  type Key = { saleId: number; lineId: number }
  const pages = keysetPages(
    (after: Key | undefined, limit) =>
      db
        .select({
          lineId: saleItems.id,
          saleId: sales.id,
          createdAt: sales.createdAt,
          status: sales.status,
          fulfilment: sales.fulfilment,
          cost: sales.cost,
          refundedCents: sales.refundedCents,
          cus_name: sales.cusName,
          cus_email: sales.cusEmail,
          cus_phone: sales.cusPhone,
          cus_address: sales.cusAddress,
          cus_city: sales.cusCity,
          cus_country: sales.cusCountry,
          cus_zip: sales.cusZip,
          instrumentId: saleItems.instrumentId,
          name: saleItems.name,
          brand: saleItems.brand,
          price: saleItems.price,
          count: saleItems.count,
          refundedUnits: saleItems.refunded,
          subtotalCents: sales.subtotalCents,
          discountCents: sales.discountCents,
          shippingCents: sales.shippingCents,
          taxCents: sales.taxCents,
          taxIncluded: sales.taxIncluded,
          discountCode: sales.discountCode,
          shippingMethod: sales.shippingMethod,
          lineDiscountCents: saleItems.discountCents,
          lineTaxCents: saleItems.taxCents,
        })
        .from(saleItems)
        .innerJoin(sales, eq(sales.id, saleItems.saleId))
        .where(
          after === undefined
            ? undefined
            : sql`(${saleItems.saleId}, ${saleItems.id}) > (${after.saleId}, ${after.lineId})`,
        )
        .orderBy(asc(saleItems.saleId), asc(saleItems.id))
        .limit(limit),
    (row) => ({ saleId: row.saleId, lineId: row.lineId }),
  )
  return csvStream(
    SALE_CSV_COLUMNS,
    mapPages(pages, (row) => {
      const cells = {
        ...row,
        createdAt: row.createdAt.toISOString(),
        refunded: dollars(row.refundedCents),
        subtotal: saleSubtotal(row).toFixed(2),
        discount: dollars(row.discountCents),
        shipping: dollars(row.shippingCents),
        tax: dollars(row.taxCents),
        lineDiscount: dollars(row.lineDiscountCents),
        lineTax: dollars(row.lineTaxCents),
      }
      return SALE_CSV_COLUMNS.map((c) => cells[c])
    }),
  )
}

const dollars = (cents: number) => (cents / 100).toFixed(2)

async function* mapPages<Row, Cell>(pages: AsyncIterable<Row[]>, toCells: (row: Row) => Cell[]) {
  for await (const page of pages) yield page.map(toCells)
}
