import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { readEnv } from '../env'

/** Says why on stderr and exits 1: a script or cron job sees the failure. */
export function refuse(reason: string): never {
  console.error(reason)
  process.exit(1)
}

/**
 * The settings and file of `npm run backup` / `restore`: the shop's own (.env too, as `npm start`
 * reads it), on the embedded database only.
 */
export function commandArguments(opts: { usage: string; onPostgres: string }) {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const env = readEnv()
  const file = process.argv[2]
  if (!file) refuse(`Usage: ${opts.usage}`)
  if (env.DATABASE_URL) {
    refuse(
      `DATABASE_URL is set: this command is for the embedded database only. On PostgreSQL ${opts.onPostgres} (README, "Backing up and restoring").`,
    )
  }
  if (env.DATA_DIR.startsWith('memory://')) refuse('DATA_DIR=memory:// keeps nothing on disk')
  return { env, file: resolve(file) }
}
