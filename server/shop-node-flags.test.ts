import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SHOP_NODE_FLAGS } from '../scripts/shop-node-flags.mjs'

// package.json cannot import the flags: its start commands must carry the same ones, or `npm
// start` would run a shop the benchmarks and the cluster test never measured.
describe('the Node flags a shop process starts with', () => {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>
  it.each([
    ['start', 'scripts/start.mjs'],
    ['start:qa', 'scripts/start-qa.mjs'],
  ])('npm run %s carries them', (name, script) => {
    expect(scripts[name]).toBe(['node', ...SHOP_NODE_FLAGS, script].join(' '))
  })
})
