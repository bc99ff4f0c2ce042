import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export type PageRenderer = typeof import('../../src/entry-server')

export async function loadPageRenderer(distDir: string): Promise<PageRenderer | null> {
  const file = resolve(`${distDir}-server`, 'entry-server.js')
  if (!existsSync(file)) return null
  return withProductionReact(async () => (await import(pathToFileURL(file).href)) as PageRenderer)
}

// React picks its build from NODE_ENV once, when first loaded. The development build checks
// every element and renders a page 1.5-2x slower (docs/decisions/2026-11-25-cheap-misses.md),
// and the shop cannot ask for NODE_ENV=production: that also demands live payments
// (server/startup-checks.ts). So the renderer loads React's production build, and NODE_ENV is
// left as it was for everything else.
async function withProductionReact<T>(load: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return await load()
  } finally {
    if (before === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = before
  }
}
