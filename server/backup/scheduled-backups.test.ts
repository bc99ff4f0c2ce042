import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { createPeriodicJobs } from '../jobs/periodic-jobs'
import { readArchive } from './archive'
import { createShopBackups, scheduleBackups } from './shop-backups'

// BACKUP_DIR's backups: made by the shop's own periodic job, the newest BACKUP_KEEP kept.
describe('scheduled backups', () => {
  const root = mkdtempSync(join(tmpdir(), 'shop-scheduled-'))
  const dataDir = join(root, 'data')
  const folder = join(root, 'backups')
  let database: Awaited<ReturnType<typeof openDatabase>>
  beforeAll(async () => {
    database = await openDatabase({ dataDir })
  })
  afterAll(async () => {
    await database.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('writes whole archives through the periodic job and keeps the newest BACKUP_KEEP', async () => {
    const backups = createShopBackups(database, dataDir)
    const jobs = createPeriodicJobs(database.db)
    scheduleBackups(jobs, { BACKUP_DIR: folder, BACKUP_EVERY: '6h', BACKUP_KEEP: 2 }, backups)
    await jobs.runDue()
    // Claimed for 6 hours: asking again within them makes none.
    await jobs.runDue()
    expect(readdirSync(folder)).toHaveLength(1)
    for (let n = 0; n < 2; n += 1) await backups?.writeScheduled(folder, 2)
    const kept = readdirSync(folder).sort()
    expect(kept).toHaveLength(2)
    for (const name of kept) {
      expect(name).toMatch(/^shop-[\dT-]+Z\.tar\.gz$/)
      expect((await readArchive(join(folder, name))).formatVersion).toBe(1)
    }
    // An archive cut short does not read back: the commands never count it as a backup.
    const cut = join(root, 'cut.tar.gz')
    copyFileSync(join(folder, kept[0] ?? ''), cut)
    truncateSync(cut, Math.floor(statSync(cut).size / 2))
    await expect(readArchive(cut)).rejects.toThrow(/not a complete backup archive/)
    // No staging copy is left in the data folder.
    expect(readdirSync(join(dataDir, 'backup'))).toEqual([])
  })

  it('refuses BACKUP_DIR where there is no embedded database to copy', async () => {
    const inMemory = await openDatabase({ dataDir: 'memory://' })
    try {
      const jobs = createPeriodicJobs(inMemory.db)
      expect(() =>
        scheduleBackups(
          jobs,
          { BACKUP_DIR: folder, BACKUP_EVERY: '1d', BACKUP_KEEP: 7 },
          createShopBackups(inMemory, 'memory://'),
        ),
      ).toThrow(/pg_dump/)
    } finally {
      await inMemory.close()
    }
  })
})
