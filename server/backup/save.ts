import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { type Manifest, readArchive } from './archive'

/** Where a running shop answers `npm run backup`: a socket only its data folder's owner can open. */
export const backupSocketOf = (dataDir: string) => join(dataDir, 'backup', 'shop.sock')

/**
 * Writes an archive to `file` through `file.partial`, renamed only once it reads back whole: a
 * backup cut short (a full disk, a shop stopped meanwhile) never sits under the name asked for.
 */
export async function saveArchive(
  source: AsyncIterable<Uint8Array> | NodeJS.ReadableStream,
  file: string,
): Promise<Manifest> {
  const partial = `${file}.partial`
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }))
    const manifest = await readArchive(partial)
    await rename(partial, file)
    return manifest
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}
