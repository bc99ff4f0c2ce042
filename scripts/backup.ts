import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DATABASE_FOLDER } from '../server/backup/archive'
import { backupFromRunningShop } from '../server/backup/ask-running-shop'
import { backupStoppedShop } from '../server/backup/stopped-shop'
import { readEnv } from '../server/env'

/**
 * `DATA_DIR=<folder> npm run backup -- <file.tar.gz>`: one archive of the embedded shop's database
 * and photos. A running shop makes it itself (a consistent copy between two transactions); a
 * stopped one's folder is copied as it is. Exits 0 only once the archive reads back whole.
 */
if (existsSync('.env')) process.loadEnvFile('.env')
const env = readEnv()
const file = process.argv[2]

function refuse(reason: string): never {
  console.error(reason)
  process.exit(1)
}

if (!file) refuse('Usage: DATA_DIR=<folder> npm run backup -- <file.tar.gz>')
if (env.DATABASE_URL) {
  refuse(
    'DATABASE_URL is set: this command backs up the embedded database only. On PostgreSQL use pg_dump, and keep the photos in S3 (README, "Backing up and restoring").',
  )
}
if (env.DATA_DIR.startsWith('memory://')) refuse('DATA_DIR=memory:// keeps nothing to back up')
if (!existsSync(join(env.DATA_DIR, DATABASE_FOLDER))) {
  refuse(`${env.DATA_DIR} holds no shop database (no ${DATABASE_FOLDER} folder)`)
}
const out = resolve(file)
try {
  const running = await backupFromRunningShop(env.DATA_DIR, out)
  const manifest = running ?? (await backupStoppedShop(env.DATA_DIR, out))
  console.log(
    `Backup of ${running ? 'the running' : 'the stopped'} shop written to ${out} (${manifest.createdAt}, shop ${manifest.shopVersion})`,
  )
  if (env.S3_BUCKET) console.log(`Photos are in the S3 bucket ${env.S3_BUCKET}: back it up too.`)
} catch (error) {
  refuse(`Backup failed: ${(error as Error).message}`)
}
