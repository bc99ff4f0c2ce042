import { describe, expect, it } from 'vitest'
import { createPageCache } from './page-cache'

describe('page cache', () => {
  it('answers a repeated key from memory until it expires or is cleared', async () => {
    const cache = createPageCache<number>({ ttlMs: 1000, maxEntries: 10 })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('p1', load, 0)).toBe(1)
    expect(await cache.get('p1', load, 500)).toBe(1)
    expect(await cache.get('p1', load, 1500)).toBe(2)
    cache.clear()
    expect(await cache.get('p1', load, 1600)).toBe(3)
  })
})
