import { cp, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { DATABASE_FOLDER, type Manifest, makeStaging, PHOTOS_FOLDER, packStaging } from './archive'
import { DataDirInUse, lockDataDir } from './data-dir-lock'
import { saveArchive } from './save'

/**
 * A backup of a shop that is not running: its folder is at rest, so a copy of it is consistent.
 * The lock keeps a shop from starting on it meanwhile.
 */
export async function backupStoppedShop(dataDir: string, file: string): Promise<Manifest> {
  const unlock = await lockDataDir(dataDir).catch((error) => {
    if (!(error instanceof DataDirInUse)) throw error
    throw new DataDirInUse(
      `${error.message}, but no shop answered on ${dataDir}/backup/shop.sock (a shop older than backups, or a DATA_DIR path too long for a socket): stop it and run the backup again`,
    )
  })
  const staging = await makeStaging(dataDir)
  try {
    await cp(join(dataDir, DATABASE_FOLDER), join(staging.folder, DATABASE_FOLDER), {
      recursive: true,
    })
    await mkdir(join(staging.folder, PHOTOS_FOLDER))
    await cp(join(dataDir, PHOTOS_FOLDER), join(staging.folder, PHOTOS_FOLDER), {
      recursive: true,
      filter: (path) => !path.split('/').pop()?.startsWith('.'),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    return await saveArchive(await packStaging(staging.folder), file)
  } finally {
    await staging.remove()
    await unlock()
  }
}
