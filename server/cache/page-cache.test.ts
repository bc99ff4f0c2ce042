import { describe, expect, it } from 'vitest'
import { createPageCache } from './page-cache'

describe('page cache', () => {
  it('answers a repeated key from memory; past its time it answers the old page once while reloading', async () => {
    const cache = createPageCache<number>({ ttlMs: 1000, maxEntries: 10 })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('p1', load, 0)).toBe(1)
    expect(await cache.get('p1', load, 500)).toBe(1)
    expect(await cache.get('p1', load, 1500)).toBe(1)
    expect(loads).toBe(2)
    expect(await cache.get('p1', load, 1600)).toBe(2)
    cache.clear()
    expect(await cache.get('p1', load, 1700)).toBe(3)
  })

  it('loads a key once however many ask for it at the same time', async () => {
    const cache = createPageCache<string>({ ttlMs: 1000, maxEntries: 10 })
    let loads = 0
    let finishLoad: (value: string) => void = () => {}
    const load = () => {
      loads += 1
      return new Promise<string>((resolve) => (finishLoad = resolve))
    }
    const readers = [cache.get('p1', load, 0), cache.get('p1', load, 0), cache.get('p1', load, 0)]
    finishLoad('page')
    expect(await Promise.all(readers)).toEqual(['page', 'page', 'page'])
    expect(loads).toBe(1)
  })

  it('does not store a page loaded before a clear() that happened during the load', async () => {
    const cache = createPageCache<string>({ ttlMs: 1000, maxEntries: 10 })
    let finishLoad: (value: string) => void = () => {}
    const slow = cache.get('p1', () => new Promise<string>((resolve) => (finishLoad = resolve)), 0)
    // A write lands while the old page is being read, and clears the cache…
    cache.clear()
    // …a reader after it does not wait for (nor get) the old page…
    const after = cache.get('p1', async () => 'new page', 5)
    finishLoad('old page')
    // …the slow reader still gets its answer, but the next reader loads the new page.
    expect(await slow).toBe('old page')
    expect(await after).toBe('new page')
    expect(await cache.get('p1', async () => 'unused', 20)).toBe('new page')
  })
})
