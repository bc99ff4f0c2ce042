import { chmod, mkdir, readdir, rm } from 'node:fs/promises'
import { createServer, type Socket } from 'node:net'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { DatabaseHandle } from '../db/client'
import type { Env } from '../env'
import type { PeriodicJobs } from '../jobs/periodic-jobs'
import { DATABASE_FOLDER, makeStaging, PHOTOS_FOLDER, packStaging } from './archive'
import { backupSocketOf, saveArchive } from './save'

type Pack = Awaited<ReturnType<typeof packStaging>>

/**
 * Backups of this running shop's embedded database and photos. The database thread copies its
 * folder between two transactions (server/db/pglite-worker.mjs); the copy is packed afterwards,
 * while the shop serves again. Undefined on PostgreSQL and in memory: nothing here to copy.
 */
export function createShopBackups(database: DatabaseHandle, dataDir: string) {
  if (!database.snapshot) return undefined
  const snapshot = database.snapshot
  let last: Promise<unknown> = Promise.resolve()

  // One at a time: two copies at once would only double the database's pause.
  function withSnapshot<T>(work: (pack: Pack) => Promise<T>): Promise<T> {
    const run = last.then(async () => {
      const staging = await makeStaging(dataDir)
      try {
        await snapshot({
          database: join(staging.folder, DATABASE_FOLDER),
          photos: { from: join(dataDir, PHOTOS_FOLDER), to: join(staging.folder, PHOTOS_FOLDER) },
        })
        return await work(await packStaging(staging.folder))
      } finally {
        await staging.remove()
      }
    })
    last = run.catch(() => undefined)
    return run
  }

  return {
    /** BACKUP_DIR's scheduled backup: a new archive, then only the newest `keep` are kept. */
    async writeScheduled(folder: string, keep: number) {
      await mkdir(folder, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      await withSnapshot((pack) => saveArchive(pack, join(folder, `shop-${stamp}.tar.gz`)))
      const archives = (await readdir(folder)).filter((name) => SCHEDULED.test(name)).sort()
      const old = archives.slice(0, Math.max(0, archives.length - keep))
      await Promise.all(old.map((name) => rm(join(folder, name), { force: true })))
    },

    /**
     * `npm run backup` asks over a Unix socket in DATA_DIR/backup (a folder only the data's owner
     * may enter): nothing on the network, no token to keep, and whoever can open it could copy the
     * data folder anyway. Answers a status line, then the archive's bytes.
     */
    async listen() {
      const path = backupSocketOf(dataDir)
      // The kernel takes at most 107 bytes of a socket's path.
      if (Buffer.byteLength(path) > 100) {
        console.warn(
          `${path} is too long for a socket: npm run backup works only with the shop stopped`,
        )
        return async () => {}
      }
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      await chmod(dirname(path), 0o700)
      // One left by a shop that died: this process holds DATA_DIR's lock (data-dir-lock.ts).
      await rm(path, { force: true })
      const server = createServer((socket) => {
        answerBackup(socket, withSnapshot).catch((error) =>
          console.error('A backup asked for by npm run backup failed', error),
        )
      })
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(path, resolve)
      })
      return () => new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const SCHEDULED = /^shop-[\dT-]+Z\.tar\.gz$/

export type ShopBackups = NonNullable<ReturnType<typeof createShopBackups>>

async function answerBackup(
  socket: Socket,
  withSnapshot: <T>(work: (pack: Pack) => Promise<T>) => Promise<T>,
) {
  let started = false
  socket.on('error', () => {})
  try {
    await withSnapshot(async (pack) => {
      started = true
      socket.write(`${JSON.stringify({ ok: true })}\n`)
      await pipeline(pack, socket)
    })
  } catch (error) {
    // Once bytes went out, a cut connection is what tells the command the archive is not whole.
    if (started) socket.destroy()
    else socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`)
    throw error
  }
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** BACKUP_DIR's backups, run by one of the periodic jobs (claimed once across processes). */
export function scheduleBackups(
  jobs: PeriodicJobs,
  env: Pick<Env, 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'>,
  backups: ShopBackups | undefined,
) {
  const folder = env.BACKUP_DIR
  if (!folder) return
  // Fails closed: an operator who set BACKUP_DIR believes backups are being made.
  if (!backups) {
    throw new Error(
      'BACKUP_DIR backs up the embedded database in a folder; on PostgreSQL use pg_dump (README, "Backing up and restoring")',
    )
  }
  const unit = env.BACKUP_EVERY.slice(-1) as keyof typeof UNIT_MS
  const everyMs = Number(env.BACKUP_EVERY.slice(0, -1)) * UNIT_MS[unit]
  jobs.every('backup', everyMs, () => backups.writeScheduled(folder, env.BACKUP_KEEP))
}
