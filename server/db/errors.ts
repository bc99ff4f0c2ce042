// PostgreSQL's error code, on the error or any error it wraps (Drizzle wraps them).
function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true
  }
  return false
}

/** unique_violation (23505): a row with that key is there already. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505')

/** foreign_key_violation (23503): the row a new one points to is gone. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503')
