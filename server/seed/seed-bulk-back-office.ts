import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

// Benchmarks only (npm run bench:admin): `count` sales of one or two lines each over the
// instruments already there, and `count` shopper accounts that cannot sign in, written by the
// database itself (generate_series), so 100,000 of each take seconds.
export async function seedBulkSales(db: Database, count: number) {
  await db.execute(sql`
    INSERT INTO sales (status, fulfilment, cost, payment_id, cus_name, cus_email, cus_phone,
      cus_address, cus_city, cus_country, cus_zip, created_at, updated_at)
    SELECT CASE WHEN g % 10 = 0 THEN 'failed' WHEN g % 17 = 0 THEN 'refunded' ELSE 'succeeded' END,
      CASE WHEN g % 3 = 0 THEN 'shipped' ELSE 'unfulfilled' END,
      100 + g % 900, 'bench_' || g, 'Buyer ' || g, 'buyer' || g || '@example.com', '5551234567',
      g || ' Bench Street', 'Springfield', (ARRAY['Colombia', 'Perú', 'Spain', 'UK'])[1 + g % 4],
      '12345', now() - (${count} - g) * interval '1 minute', now() - (${count} - g) * interval '1 minute'
    FROM generate_series(1, ${count}) AS g`)
  // PGlite never analyses by itself: planned from the few sales before these, the lines' trigger
  // (migration 0022) would look each line's sale up by reading every sale.
  await db.execute(sql`ANALYZE sales`)
  await db.execute(sql`
    WITH bounds AS (SELECT min(id) AS lo, max(id) - min(id) + 1 AS n FROM instruments),
    lines AS (
      SELECT s.id AS sale_id, b.lo + (s.id * 7919 + k * 104729) % b.n AS instrument_id, 1 + (s.id + k) % 3 AS count
      FROM sales s CROSS JOIN bounds b CROSS JOIN generate_series(0, 1) AS k
      WHERE s.payment_id LIKE 'bench_%' AND (k = 0 OR s.id % 3 = 0)
    )
    INSERT INTO sale_items (sale_id, instrument_id, name, brand, img, price, count)
    SELECT l.sale_id, i.id, i.name, i.brand, i.img, i.price, l.count
    FROM lines l JOIN instruments i ON i.id = l.instrument_id`)
}

export async function seedBulkShoppers(db: Database, count: number) {
  await db.execute(sql`
    INSERT INTO accounts (kind, rol, user_name, email, first_name, last_name)
    SELECT 'user', CASE WHEN g % 50 = 0 THEN 'banned' ELSE 'user' END, 'shopper' || g,
      'shopper' || g || '@example.com', 'Shopper', 'Number ' || g
    FROM generate_series(1, ${count}) AS g`)
}
