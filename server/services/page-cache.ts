/**
 * Storefront pages are read far more often than the catalogue changes, and the embedded database
 * answers one query at a time: a short-lived cache of answered pages keeps the first page cheap
 * under load. The API clears it after every successful change (server/app.ts); the time limit
 * bounds staleness when several processes share one PostgreSQL.
 *
 * A load that began before a clear() may have read the old catalogue: its answer is returned to
 * its own caller but not stored, so the write's clear() is never undone (the generation counts
 * the clears).
 */
export function createPageCache<T>(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: T; expiresAt: number }>()
  let generation = 0
  return {
    async get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now) return hit.value
      const started = generation
      const value = await load()
      if (generation !== started) return value
      if (entries.size >= opts.maxEntries) entries.clear()
      entries.set(key, { value, expiresAt: now + opts.ttlMs })
      return value
    },
    clear() {
      generation += 1
      entries.clear()
    },
  }
}

export type PageCache<T = unknown> = ReturnType<typeof createPageCache<T>>
