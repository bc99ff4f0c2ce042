import { commandArguments, refuse } from '../server/backup/command'
import { restoreBackup } from '../server/backup/restore'

/**
 * `DATA_DIR=<empty folder> npm run restore -- <file.tar.gz>`: a data folder rebuilt from a backup
 * of `npm run backup`; start the shop on it afterwards. Refuses a folder that is not empty.
 */
const { env, file } = commandArguments({
  usage: 'DATA_DIR=<empty folder> npm run restore -- <file.tar.gz>',
  onPostgres: 'use pg_restore or psql',
})
try {
  const manifest = await restoreBackup(file, env.DATA_DIR)
  console.log(
    `Restored ${file} (${manifest.createdAt}, shop ${manifest.shopVersion}) into ${env.DATA_DIR}. Start that shop's version on it.`,
  )
} catch (error) {
  refuse(`Restore refused: ${(error as Error).message}`)
}
