import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

// contract/money.ts's toCents in a query: a numeric(10,2) amount, or a sum of them, in whole cents,
// rounded the same way, so figures made in SQL agree with those made in TypeScript. Numeric, not
// int: a year's revenue in cents passes 2^31.
export const centsOf = (amount: SQLWrapper): SQL<number> =>
  sql`round(${amount} * 100)`.mapWith(Number)
