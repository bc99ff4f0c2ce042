import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { restoreBackup } from '../server/backup/restore'
import { readEnv } from '../server/env'

/**
 * `DATA_DIR=<empty folder> npm run restore -- <file.tar.gz>`: a data folder rebuilt from a backup
 * of `npm run backup`; start the shop on it afterwards. Refuses a folder that is not empty.
 */
if (existsSync('.env')) process.loadEnvFile('.env')
const env = readEnv()
const file = process.argv[2]

function refuse(reason: string): never {
  console.error(reason)
  process.exit(1)
}

if (!file) refuse('Usage: DATA_DIR=<empty folder> npm run restore -- <file.tar.gz>')
if (env.DATABASE_URL) {
  refuse(
    'DATABASE_URL is set: this command restores the embedded database only. On PostgreSQL use pg_restore or psql (README, "Backing up and restoring").',
  )
}
if (env.DATA_DIR.startsWith('memory://')) refuse('DATA_DIR=memory:// cannot be restored into')
try {
  const manifest = await restoreBackup(resolve(file), env.DATA_DIR)
  console.log(
    `Restored ${file} (${manifest.createdAt}, shop ${manifest.shopVersion}) into ${env.DATA_DIR}. Start that shop's version on it.`,
  )
} catch (error) {
  refuse(`Restore refused: ${(error as Error).message}`)
}
