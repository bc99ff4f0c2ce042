import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PHOTO_NAME } from '../../contract/photos'
import type { PhotoStore, PhotoStoreSettings, StoredPhoto } from './photo-store'

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' }
/** A variant's Content-Type, from its name (the names are the server's own). */
export const typeOfName = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

/** `memory://` keeps the photos with the rest of an in-memory shop: gone when the process ends. */
export function memoryPhotoStore(): PhotoStore {
  const photos = new Map<string, StoredPhoto & { storedAt: Date }>()
  return {
    kind: 'memory',
    put: async (name, photo) => {
      photos.set(name, { ...photo, storedAt: new Date() })
    },
    get: async (name) => {
      const found = photos.get(name)
      return found && { body: found.body, contentType: found.contentType }
    },
    list: async () => [...photos].map(([name, { storedAt }]) => ({ name, storedAt })),
    remove: async (names) => {
      for (const name of names) photos.delete(name)
    },
  }
}

const unlessMissing = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ENOENT') throw error
}

export function folderPhotoStore(folder: string): PhotoStore {
  let made: Promise<unknown> | undefined
  return {
    kind: 'folder',
    async put(name, photo) {
      made ??= mkdir(folder, { recursive: true })
      await made
      // Written aside and renamed: a reader never sees half a file under the final name.
      const partial = join(folder, `.${name}.${process.pid}.partial`)
      await writeFile(partial, photo.body)
      await rename(partial, join(folder, name))
    },
    async get(name) {
      const body = await readFile(join(folder, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      })
      return body && { body, contentType: typeOfName(name) }
    },
    async list() {
      const names = (await readdir(folder).catch((error) => unlessMissing(error) ?? [])).filter(
        (name) => PHOTO_NAME.test(name),
      )
      const found = await Promise.all(
        names.map(async (name) => {
          const info = await stat(join(folder, name)).catch(unlessMissing)
          return info ? [{ name, storedAt: info.mtime }] : []
        }),
      )
      return found.flat()
    },
    async remove(names) {
      await Promise.all(names.map((name) => unlink(join(folder, name)).catch(unlessMissing)))
    },
  }
}

export async function createPhotoStore(env: PhotoStoreSettings): Promise<PhotoStore> {
  if (env.S3_BUCKET) {
    // Loaded only when asked for: the SDK is a large import a folder store never needs.
    const { s3PhotoStore } = await import('./s3-store')
    return s3PhotoStore(env)
  }
  if (env.DATA_DIR.startsWith('memory://')) return memoryPhotoStore()
  return folderPhotoStore(join(env.DATA_DIR, 'photos'))
}
