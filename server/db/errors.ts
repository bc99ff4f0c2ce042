/** PostgreSQL's unique_violation (23505), on the error or any error it wraps (Drizzle wraps them). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
