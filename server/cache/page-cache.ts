import { countPageCacheLookup } from '../observability/metrics'

// Pages are read far more often than the catalogue changes. A load begun before a clear() is not
// stored; past the time limit the old page is answered while one load per key reloads it.
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
      if (hit && hit.expiresAt > now) {
        countPageCacheLookup('hit')
        return hit.value
      }
      const fresh = loadOnce(key, load, now)
      countPageCacheLookup(hit ? 'stale' : 'miss')
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
