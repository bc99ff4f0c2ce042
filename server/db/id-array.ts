import { type SQL, sql } from 'drizzle-orm'

/**
 * Ids as one `int[]` parameter, not one parameter per id: the same statement text for any count,
 * sent the same way by both drivers (an array literal, which PGlite and postgres.js both pass as
 * text).
 */
export const idArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`
