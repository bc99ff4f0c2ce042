import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// How the server is laid out (README, "Layout"): each domain is a room with one entry file, sees no
// HTTP, and no two domains lean on each other in a circle. Plumbing (db, middleware, cache, …) may
// be imported by any room, file by file.
const DOMAINS = [
  'accounts',
  'audit',
  'back-office',
  'catalogue',
  'catalogue-csv',
  'mail',
  'orders',
  'payments',
  'photos',
  'pricing',
  'stock',
]

const server = resolve(import.meta.dirname)

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : []
  })
}

const importRe = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g

function importsOf(file: string) {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(importRe)].map((m) => (m[1] ?? m[2]) as string)
}

const roomOf = (file: string) => relative(server, file).split('/')[0] as string

const files = sourceFiles(server)

describe("the server's rooms", () => {
  it('a domain never sees Hono or an HTTP status', () => {
    const seeing = files
      .filter((file) => DOMAINS.includes(roomOf(file)))
      .filter((file) =>
        importsOf(file).some(
          (s) => s === 'hono' || s.startsWith('hono/') || s.endsWith('/http-error'),
        ),
      )
      .map((file) => relative(server, file))
    expect(seeing).toEqual([])
  })

  it('another room imports a domain only through its entry file', () => {
    const bypassing: string[] = []
    for (const file of files) {
      for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = resolve(dirname(file), spec)
        const room = roomOf(target)
        if (!DOMAINS.includes(room) || room === roomOf(file)) continue
        if (target !== join(server, room)) bypassing.push(`${relative(server, file)} -> ${spec}`)
      }
    }
    expect(bypassing).toEqual([])
  })

  it('no two domains import each other, directly or through others', () => {
    const leansOn = new Map<string, Set<string>>(DOMAINS.map((d) => [d, new Set()]))
    for (const file of files.filter((f) => DOMAINS.includes(roomOf(f)))) {
      for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
        const room = roomOf(resolve(dirname(file), spec))
        if (DOMAINS.includes(room) && room !== roomOf(file)) leansOn.get(roomOf(file))?.add(room)
      }
    }
    const circles: string[] = []
    const walk = (room: string, path: string[]) => {
      for (const next of leansOn.get(room) ?? []) {
        if (next === path[0]) circles.push([...path, next].join(' -> '))
        else if (!path.includes(next)) walk(next, [...path, next])
      }
    }
    for (const room of DOMAINS) walk(room, [room])
    expect(circles).toEqual([])
  })
})
