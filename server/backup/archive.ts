import { readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as tar from 'tar'

// A backup is one .tar.gz: manifest.json, the database folder (pglite/) and the photos (photos/),
// laid out as DATA_DIR lays them out, so a restore is an extraction into an empty folder.

export const DATABASE_FOLDER = 'pglite'
export const PHOTOS_FOLDER = 'photos'
const MANIFEST = 'manifest.json'
const FORMAT = 'instrument-shop-backup'
/** Raised when the archive's layout changes; a restore refuses a version it does not know. */
const FORMAT_VERSION = 1

export interface Manifest {
  format: typeof FORMAT
  formatVersion: number
  createdAt: string
  /** package.json's version of the shop that wrote it: restore it with that shop (README, "Upgrading"). */
  shopVersion: string
  /** The database folder is PGlite's own files: only a PGlite of the same PostgreSQL major opens it. */
  pgliteVersion: string
}

const versionOf = (packageJson: URL) =>
  (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version

export function manifestNow(): Manifest {
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    shopVersion: versionOf(new URL('../../package.json', import.meta.url)),
    pgliteVersion: versionOf(
      new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
    ),
  }
}

/** A staging folder: where a snapshot is copied before it is packed (inside DATA_DIR, one disk). */
export async function makeStaging(dataDir: string) {
  const folder = join(dataDir, 'backup', `staging-${process.pid}-${Date.now()}`)
  await mkdir(folder, { recursive: true, mode: 0o700 })
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) }
}

/** The archive of a staging folder holding pglite/ and photos/, as a gzip stream. */
export async function packStaging(folder: string) {
  await writeFile(join(folder, MANIFEST), JSON.stringify(manifestNow(), null, 2))
  return tar.c({ gzip: true, cwd: folder, portable: true }, [
    MANIFEST,
    DATABASE_FOLDER,
    PHOTOS_FOLDER,
  ])
}

export class BackupRefused extends Error {}

/**
 * Reads the whole archive (gzip's checksum, every tar header) and answers its manifest: a backup
 * counts as written only once it reads back, and a restore starts only from one that does.
 */
export async function readArchive(file: string): Promise<Manifest> {
  let manifest = ''
  let hasDatabase = false
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path === MANIFEST) entry.on('data', (chunk: Buffer) => (manifest += chunk))
        if (entry.path.startsWith(`${DATABASE_FOLDER}/`)) hasDatabase = true
      },
    })
  } catch (error) {
    throw new BackupRefused(
      `${file} is not a complete backup archive (${(error as Error).message})`,
    )
  }
  const parsed = manifest ? (JSON.parse(manifest) as Partial<Manifest>) : undefined
  if (parsed?.format !== FORMAT || !hasDatabase) {
    throw new BackupRefused(`${file} is not a backup of this shop (no manifest or no database)`)
  }
  if (parsed.formatVersion !== FORMAT_VERSION) {
    throw new BackupRefused(
      `${file} has backup format ${parsed.formatVersion}; this shop reads format ${FORMAT_VERSION}`,
    )
  }
  return parsed as Manifest
}

/** Extracts the database and photos folders only; tar refuses absolute and `..` paths itself. */
export async function extractArchive(file: string, dataDir: string) {
  await tar.x({
    file,
    cwd: dataDir,
    strict: true,
    filter: (path) =>
      path.startsWith(`${DATABASE_FOLDER}/`) || path.startsWith(`${PHOTOS_FOLDER}/`),
  })
}
