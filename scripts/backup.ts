import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_FOLDER } from '../server/backup/archive'
import { backupFromRunningShop } from '../server/backup/ask-running-shop'
import { commandArguments, refuse } from '../server/backup/command'
import { backupStoppedShop } from '../server/backup/stopped-shop'

/**
 * `DATA_DIR=<folder> npm run backup -- <file.tar.gz>`: one archive of the embedded shop's database
 * and photos. A running shop makes it itself (a consistent copy between two transactions); a
 * stopped one's folder is copied as it is. Exits 0 only once the archive reads back whole.
 */
const { env, file } = commandArguments({
  usage: 'DATA_DIR=<folder> npm run backup -- <file.tar.gz>',
  onPostgres: 'use pg_dump, and keep the photos in S3',
})
if (!existsSync(join(env.DATA_DIR, DATABASE_FOLDER))) {
  refuse(`${env.DATA_DIR} holds no shop database (no ${DATABASE_FOLDER} folder)`)
}
try {
  const running = await backupFromRunningShop(env.DATA_DIR, file)
  const manifest = running ?? (await backupStoppedShop(env.DATA_DIR, file))
  console.log(
    `Backup of ${running ? 'the running' : 'the stopped'} shop written to ${file} (${manifest.createdAt}, shop ${manifest.shopVersion})`,
  )
  if (env.S3_BUCKET) console.log(`Photos are in the S3 bucket ${env.S3_BUCKET}: back it up too.`)
} catch (error) {
  refuse(`Backup failed: ${(error as Error).message}`)
}
