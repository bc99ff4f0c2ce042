import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTokenService, loadJwtSecret } from '../accounts'
import { createPageCache } from '../cache/page-cache'
import { shareClears } from '../cache/shared-page-cache'
import type { DatabaseHandle } from '../db/client'
import { openTestDatabase } from '../test/harness'
import { createPeriodicJobs } from './periodic-jobs'

// Several processes on one database, played by several services on one database handle.
let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('the signing secret without JWT_SECRET', () => {
  it('is generated once and kept in the database, so every process verifies the others’ tokens', async () => {
    const env = { DATA_DIR: 'memory://' }
    const first = createTokenService(await loadJwtSecret(database.db, env))
    const second = createTokenService(await loadJwtSecret(database.db, env))
    const token = await first.sign({ sub: '7', userName: 'lucia.m', user_rol: 'user', ver: 0 })
    expect((await second.verify(token)).sub).toBe('7')
  })

  it('gives way to JWT_SECRET', async () => {
    const JWT_SECRET = 'x'.repeat(40)
    const secret = await loadJwtSecret(database.db, { DATA_DIR: 'memory://', JWT_SECRET })
    expect(new TextDecoder().decode(secret)).toBe(JWT_SECRET)
    const stored = await loadJwtSecret(database.db, { DATA_DIR: 'memory://' })
    expect(new TextDecoder().decode(stored)).not.toBe(JWT_SECRET)
  })

  it('adopts the secret an older version kept in the data directory, on a new database', async () => {
    const fresh = await openTestDatabase()
    try {
      const dir = mkdtempSync(join(tmpdir(), 'shop-secret-'))
      writeFileSync(join(dir, 'jwt-secret'), 'an-old-secret-of-the-data-directory\n')
      const secret = await loadJwtSecret(fresh.db, { DATA_DIR: dir })
      expect(new TextDecoder().decode(secret)).toBe('an-old-secret-of-the-data-directory')
    } finally {
      await fresh.close()
    }
  })
})

describe('page caches of several processes', () => {
  it('drop their pages when another process changes the catalogue, before their time limit', async () => {
    const here = await shareClears(
      createPageCache<string>({ ttlMs: 60_000, maxEntries: 10 }),
      database.broadcast,
    )
    const there = await shareClears(
      createPageCache<string>({ ttlMs: 60_000, maxEntries: 10 }),
      database.broadcast,
    )
    expect(await there.get('page 1', async () => 'old page')).toBe('old page')
    here.clear()
    await vi.waitFor(async () => {
      expect(await there.get('page 1', async () => 'new page')).toBe('new page')
    })
  })
})

describe('periodic jobs', () => {
  it('run once across the processes that look at the same moment', async () => {
    let runs = 0
    const processes = [1, 2, 3].map(() => createPeriodicJobs(database.db))
    for (const jobs of processes) jobs.every('count runs', 60_000, async () => runs++)
    await Promise.all(processes.map((jobs) => jobs.runDue()))
    expect(runs).toBe(1)
    await processes[1]?.runDue()
    expect(runs).toBe(1)
  })

  it('run again once their interval has passed since the last start anywhere', async () => {
    let runs = 0
    const [a, b] = [createPeriodicJobs(database.db), createPeriodicJobs(database.db)]
    for (const jobs of [a, b]) jobs?.every('every moment', 0, async () => runs++)
    await a?.runDue()
    await b?.runDue()
    expect(runs).toBe(2)
  })
})
