import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export type PageRenderer = typeof import('../../src/entry-server')

export async function loadPageRenderer(distDir: string): Promise<PageRenderer | null> {
  const file = resolve(`${distDir}-server`, 'entry-server.js')
  if (!existsSync(file)) return null
  return (await import(pathToFileURL(file).href)) as PageRenderer
}
