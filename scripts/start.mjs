// `npm start`: build the SPA when there is no build yet, then serve SPA and API from one process.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import lockfile from 'proper-lockfile'
import { register } from 'tsx/esm/api'

// Settings from .env when it exists; the environment wins over it (Node's own parser). start:qa
// sets NO_ENV_FILE: a deleted setting would come back from a production .env (its database,
// Stripe or SMTP) into a shop whose test hooks are open.
if (existsSync('.env') && process.env.NO_ENV_FILE !== '1') process.loadEnvFile('.env')

// Settings that fail open stop the start here, before a minute of building (server/startup-checks.ts).
register()
const { readEnv } = await import('../server/env.ts')
const { refuseUnsafeSettings } = await import('../server/startup-checks.ts')
refuseUnsafeSettings(readEnv())

const distDir = process.env.DIST_DIR ?? 'dist'
// The browser's files and, beside them, the server's page renderer (vite.config.ts).
const built = () =>
  existsSync(`${distDir}/index.html`) && existsSync(`${distDir}-server/entry-server.js`)

function build() {
  console.log('Building the storefront (first start)...')
  const vite = spawn('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    stdio: 'inherit',
  })
  return new Promise((resolve, reject) =>
    vite.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build: ${code}`)))),
  )
}

if (!built() || process.env.REBUILD === '1') {
  // Several processes started at once from one checkout build it once: the others wait, then
  // find the build. A lock left by a build that died goes stale after a minute.
  const release = await lockfile.lock(distDir, {
    lockfilePath: `${distDir}.build-lock`,
    realpath: false,
    stale: 60_000,
    retries: { retries: 600, minTimeout: 500, maxTimeout: 500 },
  })
  try {
    if (!built() || process.env.REBUILD === '1') await build()
  } finally {
    await release()
  }
}
await import('../server/index.ts')
