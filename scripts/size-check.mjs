// The storefront's first-load budget (issue 3): the JavaScript that `/` loads before any
// interaction (the entry, the app it imports, their static imports, and the root and home
// route chunks the router loads at once) must stay under BUDGET_KB gzip and hold no admin, chart, Stripe or confetti code.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const dist = process.argv[2] ?? 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const modulesByChunk = JSON.parse(readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8'))

const FORBIDDEN = [
  ['the back office', /\/src\/features\/admin\//],
  ['@nivo charts', /node_modules\/@nivo\//],
  ['Stripe', /node_modules\/@stripe\//],
  ['canvas-confetti', /node_modules\/canvas-confetti\//],
]

// Chunks imported at once when `/` opens: the app itself (main.tsx loads it after the boot
// shell's first paint), then the root and home route chunks the router fetches.
const FIRST_LOAD = [/^src\/app\.tsx$/, /^src\/routes\/__root\.tsx/, /^src\/routes\/index\.tsx/]

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const loaded = new Set()
function visit(key) {
  if (loaded.has(key) || !manifest[key]) return
  loaded.add(key)
  for (const imported of manifest[key].imports ?? []) visit(imported)
}
visit(entryKey)
for (const key of loaded) {
  for (const next of manifest[key].dynamicImports ?? []) {
    if (FIRST_LOAD.some((pattern) => pattern.test(next))) visit(next)
  }
}

let totalGzip = 0
const problems = []
const rows = []
for (const key of loaded) {
  const file = manifest[key].file
  const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  totalGzip += gzip
  rows.push(`  ${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}  (${key})`)
  for (const id of modulesByChunk[file] ?? []) {
    for (const [what, pattern] of FORBIDDEN) {
      if (pattern.test(id)) problems.push(`${what} is in the first load: ${id} (in ${file})`)
    }
  }
}

console.log('JavaScript that / loads before any interaction (gzip):')
console.log(rows.join('\n'))
console.log(`  ${(totalGzip / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`)
if (totalGzip > BUDGET_KB * 1024) problems.push(`over budget: ${(totalGzip / 1024).toFixed(1)} KB`)
if (problems.length > 0) {
  console.error(`\nSize check failed:\n- ${[...new Set(problems)].join('\n- ')}`)
  process.exit(1)
}
console.log('Size check passed.')
