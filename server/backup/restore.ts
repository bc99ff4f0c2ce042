import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { BackupRefused, extractArchive, type Manifest, readArchive } from './archive'
import { lockDataDir } from './data-dir-lock'

/**
 * Rebuilds a data folder from a backup. Only into an empty (or new) folder: restoring over a
 * shop's data would mix two shops' files, and the operator should decide what to keep of it.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (present.length > 0) {
    throw new BackupRefused(
      `${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore into an empty or new folder`,
    )
  }
  const manifest = await readArchive(file)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const unlock = await lockDataDir(dataDir)
  try {
    await extractArchive(file, dataDir)
  } catch (error) {
    // Half a data folder must not be started: it goes, and the folder is empty again.
    for (const name of await readdir(dataDir)) {
      if (name !== 'shop.lock') await rm(join(dataDir, name), { recursive: true, force: true })
    }
    throw error
  } finally {
    await unlock()
  }
  return manifest
}
