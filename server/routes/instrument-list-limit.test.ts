import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPageCache, type PageCache } from '../cache/page-cache'
import { seedIfEmpty } from '../seed/seed'
import { createTestApi } from '../test/harness'

// GET /api/instruments without `page` is the whole catalogue (the spec's list): it must cost the
// shop once per catalogue version, not once per request. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.

let t: Awaited<ReturnType<typeof createTestApi>>
/** The whole lists read from the database, not answered from the shared cache. */
let listReads = 0

function countingListReads(cache: PageCache): PageCache {
  return {
    ...cache,
    get: (key, load, now) =>
      cache.get(
        key,
        () => {
          if (JSON.parse(key).list) listReads += 1
          return load()
        },
        now,
      ),
  }
}

beforeAll(async () => {
  const pageCache = countingListReads(createPageCache({ ttlMs: 60_000, maxEntries: 500 }))
  t = await createTestApi({ pageCache }, { productionLimits: true })
  await seedIfEmpty(t.db, { adminPassword: 'admin12345', demoPassword: undefined })
})
afterAll(() => t.close())

const list = (name: string, address: string) =>
  t.request('GET', `/instruments?name=${encodeURIComponent(name)}`, { address })

describe('the whole list', () => {
  it('reads one filter once, however it is spelt, for every address', async () => {
    listReads = 0
    const spellings = ['fender', 'FENDER', ' Fender', 'fEnDeR  ', 'Fender']
    const answers = await Promise.all(spellings.map((name, n) => list(name, `10.0.1.${n}`)))
    expect(answers.map((a) => a.status)).toEqual(spellings.map(() => 200))
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    expect(answers[0]?.body.length).toBeGreaterThan(0)
    expect(listReads).toBe(1)
  })

  it('answers one address 30 spellings a minute; the rest are a 429 that reads nothing', async () => {
    listReads = 0
    const answers = []
    for (let n = 0; n < 200; n++) answers.push(await list(`spelling ${n}`, '10.0.2.1'))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(30)
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true)
    expect(Number(answers[30]?.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(listReads).toBe(30)
    // Another shopper's list and pages are answered as before.
    expect((await list('fender', '10.0.3.1')).status).toBe(200)
    const page = await t.request('GET', '/instruments?page=1&limit=10', { address: '10.0.2.1' })
    expect(page.status).toBe(200)
    expect(page.body.items).toHaveLength(10)
  })
})
