// Every section of the product's rules that the code cites must exist in docs/product.md.
// Citations read `docs/product.md §5` (the style from now on) or `spec 5` (older comments), and
// lists such as `spec 2, 4 and 5`. Run by hand (`node scripts/check-product-citations.mjs`) and by
// contract/product-citations.test.ts, which imports these functions.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const PRODUCT_DOC = 'docs/product.md'
export const CITING_FOLDERS = ['src', 'server', 'contract', 'e2e', 'scripts', 'bench']

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html)$/
// This checker and its test quote citations as examples.
const SELF = new Set(['scripts/check-product-citations.mjs', 'contract/product-citations.test.ts'])

const NUMBER = String.raw`\d+(?:\.\d+)*`
const CITATION = new RegExp(
  String.raw`\b(?:spec|(?:docs/)?product\.md\s*§)\s*(${NUMBER}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)§?${NUMBER})*)`,
  'gi',
)
const HEADING = new RegExp(String.raw`^#{1,6}\s+§?(${NUMBER})\.?\s`, 'gm')

/** The section numbers one text cites, in order, e.g. "spec 2 and 4" gives ['2', '4']. */
export function citedSections(text) {
  return [...text.matchAll(CITATION)].flatMap((m) => m[1].match(new RegExp(NUMBER, 'g')))
}

/** The section numbers docs/product.md has headings for (`## 5. Validation` gives '5'). */
export function productSections(markdown) {
  return new Set([...markdown.matchAll(HEADING)].map((m) => m[1]))
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (SOURCE_FILE.test(entry.name)) yield path
  }
}

/** Every citation in the citing folders: `{ file, line, section }`, file relative to root. */
export function findCitations(root = ROOT) {
  const found = []
  for (const folder of CITING_FOLDERS) {
    for (const path of sourceFiles(join(root, folder))) {
      const file = relative(root, path).split('\\').join('/')
      if (SELF.has(file)) continue
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          for (const section of citedSections(text)) found.push({ file, line: i + 1, section })
        })
    }
  }
  return found
}

/** The citations whose section docs/product.md lacks. */
export function missingSections(root = ROOT) {
  const sections = productSections(readFileSync(join(root, PRODUCT_DOC), 'utf8'))
  return findCitations(root).filter((c) => !sections.has(c.section))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingSections()
  for (const c of missing) {
    console.error(`${c.file}:${c.line} cites section ${c.section}, which ${PRODUCT_DOC} lacks`)
  }
  if (missing.length > 0) process.exit(1)
  const cited = [...new Set(findCitations().map((c) => c.section))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  )
  console.log(`${PRODUCT_DOC} holds every cited section: ${cited.join(', ')}`)
}
