// `npm start`: build the SPA when there is no build yet, then serve SPA and API from one process.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { register } from 'tsx/esm/api'

const distDir = process.env.DIST_DIR ?? 'dist'
if (!existsSync(`${distDir}/index.html`) || process.env.REBUILD === '1') {
  console.log('Building the storefront (first start)...')
  execSync(`npx vite build --outDir ${distDir} --emptyOutDir`, { stdio: 'inherit' })
}
register()
await import('../server/index.ts')
