import { type SQL, sql } from 'drizzle-orm'
import { categories } from '../db/schema/catalog'

/** `%` and `_` typed by a shopper are letters, not wildcards. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

export function containsPattern(text: string): string {
  return `%${likeEscaped(text)}%`
}

/** Case-insensitive name lookup, as the unique index on lower(name) compares. */
export function categoryNameIs(name: string): SQL {
  return sql`lower(${categories.name}) = lower(${name})`
}
