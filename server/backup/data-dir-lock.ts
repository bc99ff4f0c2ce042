import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

// One PGlite folder belongs to one process: a second one opening it (another shop, or a backup
// copying it as if it were at rest) would corrupt it or copy it half-written. The shop holds this
// lock while it runs, and `npm run backup` / `restore` while they work on a stopped shop's folder.
// The holder touches it every few seconds; one left by a process that died goes stale.
const STALE_MS = 10_000

export class DataDirInUse extends Error {}

export async function lockDataDir(
  dataDir: string,
  opts: { waitForStale?: boolean } = {},
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'shop.lock'),
      realpath: false,
      stale: STALE_MS,
      // A shop restarted at once after a crash waits for its old lock to go stale.
      retries: opts.waitForStale ? { retries: 15, minTimeout: 1_000, maxTimeout: 1_000 } : 0,
      // The default throws from a timer and ends the process; a running shop keeps serving.
      onCompromised: (error) => console.error(`The lock on ${dataDir} was lost`, error),
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    throw new DataDirInUse(`Another process (a shop, a backup or a restore) is using ${dataDir}`)
  }
}

/** The running shop's hold on its data folder; nothing to hold on PostgreSQL or in memory. */
export async function holdShopDataDir(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  if (env.DATABASE_URL || env.DATA_DIR.startsWith('memory://')) return async () => {}
  await mkdir(env.DATA_DIR, { recursive: true })
  return lockDataDir(env.DATA_DIR, { waitForStale: true })
}
