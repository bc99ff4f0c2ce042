import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

// contract/money.ts's toCents for a numeric(10,2) column in a query: whole cents, rounded the same
// way, so sums made in SQL agree with those made in TypeScript.
export const centsOf = (amount: SQLWrapper): SQL<number> => sql<number>`round(${amount} * 100)::int`
