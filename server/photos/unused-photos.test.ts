import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_PATH, photoName } from '../../contract/photos'
import type { DatabaseHandle } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'
import { unusedPhotos } from '../db/schema/photos'
import { readEnv } from '../env'
import { openTestDatabase } from '../test/harness'
import { startLocalS3 } from '../test/local-s3'
import type { PhotoStore } from './photo-store'
import { createPhotoStore, folderPhotoStore, memoryPhotoStore } from './store'
import { deleteUnusedPhotos } from './unused-photos'

// Photo variants no instrument has used for a day are deleted, once across
// processes, in every store.

const HOUR = 60 * 60 * 1000
let database: DatabaseHandle
let s3: Awaited<ReturnType<typeof startLocalS3>>
let folder: string
let categoryId: number
beforeAll(async () => {
  database = await openTestDatabase()
  s3 = await startLocalS3()
  folder = await mkdtemp(join(tmpdir(), 'shop-photos-'))
  const [category] = await database.db.insert(categories).values({ name: 'Photos' }).returning()
  categoryId = category?.id as number
})
afterAll(async () => {
  await database.close()
  await s3.stop()
  await rm(folder, { recursive: true, force: true })
})

let photos = 0
// A photo as an upload stores it: AVIF and WebP at two widths, under its content hash.
async function upload(store: PhotoStore) {
  photos += 1
  const hash = photos.toString(16).padStart(32, 'a')
  const names = [160, 320].flatMap((w) => [photoName(hash, w, 'avif'), photoName(hash, w, 'webp')])
  for (const name of names) await store.put(name, { body: new Uint8Array([1]), contentType: 'x' })
  return { img: `${PHOTO_PATH}${photoName(hash, 320, 'webp')}`, names }
}
async function instrumentShowing(img: string) {
  const [made] = await database.db
    .insert(instruments)
    .values({
      name: 'Cello',
      brand: 'B',
      price: 1,
      img,
      description: 'd',
      stock: 1,
      status: 'New',
      categoryId,
    })
    .returning()
  return made?.id as number
}
const hashOf = (photo: { names: string[] }) => photo.names[0]?.slice(0, 32) as string
const storedNames = async (store: PhotoStore) => (await store.list()).map((f) => f.name).sort()
const later = (ms: number) => new Date(Date.now() + ms)

describe.each([
  ['memory', async () => memoryPhotoStore()],
  ['folder', async () => folderPhotoStore(folder)],
  ['S3', async () => createPhotoStore(readEnv(s3.settings))],
])('unused photos in the %s store', (_, openStore) => {
  it('are deleted once unused for a day; a photo an instrument shows is kept', async () => {
    const store = await openStore()
    const shown = await upload(store)
    const unused = await upload(store)
    await instrumentShowing(shown.img)
    expect(await deleteUnusedPhotos(database.db, store, later(25 * HOUR))).toBe(0)
    expect(await storedNames(store)).toEqual(
      expect.arrayContaining([...shown.names, ...unused.names]),
    )
    expect(await deleteUnusedPhotos(database.db, store, later(50 * HOUR))).toBe(4)
    const left = await storedNames(store)
    expect(left).toEqual(expect.arrayContaining(shown.names))
    for (const name of unused.names) expect(left).not.toContain(name)
  })

  it('keeps an upload of the last day not attached yet, and a photo unused for less than a day', async () => {
    const store = await openStore()
    const fresh = await upload(store)
    const swapped = await upload(store)
    const id = await instrumentShowing(swapped.img)
    // Uploaded again today, the same file as an upload found unused two days ago.
    await database.db
      .insert(unusedPhotos)
      .values({ hash: hashOf(fresh), unusedSince: later(-48 * HOUR) })
    await database.db
      .update(instruments)
      .set({ img: '/images/other.webp' })
      .where(eq(instruments.id, id))
    expect(await deleteUnusedPhotos(database.db, store, later(HOUR))).toBe(0)
    expect(await deleteUnusedPhotos(database.db, store, later(23 * HOUR))).toBe(0)
    expect(await storedNames(store)).toEqual(
      expect.arrayContaining([...fresh.names, ...swapped.names]),
    )
    expect(await deleteUnusedPhotos(database.db, store, later(26 * HOUR))).toBe(8)
  })

  it('are deleted once when two processes run the job at the same moment', async () => {
    const store = await openStore()
    const unused = await upload(store)
    await deleteUnusedPhotos(database.db, store, later(25 * HOUR))
    const removed: string[] = []
    const counting = (): PhotoStore => ({
      ...store,
      remove: async (names) => {
        removed.push(...names)
        await store.remove(names)
      },
    })
    const runs = await Promise.all(
      [counting(), counting()].map((each) =>
        deleteUnusedPhotos(database.db, each, later(50 * HOUR)),
      ),
    )
    expect(runs.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(4)
    expect(removed.filter((name) => unused.names.includes(name)).sort()).toEqual(
      [...unused.names].sort(),
    )
  })
})
