/**
 * Storefront pages are read far more often than the catalogue changes, and the embedded database
 * answers one query at a time: a short-lived cache of answered pages keeps the first page cheap
 * under load. The API clears it after every successful change (server/app.ts); the time limit
 * bounds staleness when several processes share one PostgreSQL.
 *
 * A load that began before a clear() may have read the old catalogue: its answer is returned to
 * its own caller but not stored, so the write's clear() is never undone (the generation counts
 * the clears). A key is loaded once at a time, however many ask for it meanwhile; past its time
 * limit (never after a clear) the old answer is given while that one load runs, so no reader
 * waits for it.
 */
export function createPageCache<T>(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: T; expiresAt: number }>()
  const loading = new Map<string, Promise<T>>()
  let generation = 0

  function loadOnce(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const pending = loading.get(key)
    if (pending) return pending
    const started = generation
    const loaded = load()
      .then((value) => {
        if (generation !== started) return value
        if (entries.size >= opts.maxEntries) entries.clear()
        entries.set(key, { value, expiresAt: now + opts.ttlMs })
        return value
      })
      .finally(() => {
        if (loading.get(key) === loaded) loading.delete(key)
      })
    loading.set(key, loaded)
    return loaded
  }

  return {
    async get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now) return hit.value
      const fresh = loadOnce(key, load, now)
      if (!hit) return fresh
      fresh.catch((error: unknown) => console.error(`Reloading the cached ${key}`, error))
      return hit.value
    },
    clear() {
      generation += 1
      entries.clear()
      loading.clear()
    },
  }
}

export type PageCache<T = unknown> = ReturnType<typeof createPageCache<T>>
