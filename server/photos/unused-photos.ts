import { and, inArray, like, lte, notInArray, sql } from 'drizzle-orm'
import { PHOTO_PATH, uploadedPhoto } from '../../contract/photos'
import type { Database } from '../db/client'
import { instruments } from '../db/schema/catalog'
import { unusedPhotos } from '../db/schema/photos'
import { saleItems } from '../db/schema/sales'
import type { PhotoStore } from './store'

/**
 * A stored photo no instrument nor order line has used for this long is deleted. A day leaves an
 * upload time to be attached (the form uploads first and saves later), and an admin who swapped
 * a photo by mistake time to put it back.
 */
export const PHOTO_UNUSED_KEEP_MS = 24 * 60 * 60 * 1000

const hashOf = (name: string) => name.slice(0, name.indexOf('-'))

// An order keeps the picture its line was sold with: the order history still shows it.
const stillUsed = sql`(
  EXISTS (SELECT 1 FROM ${instruments} WHERE ${instruments.img} LIKE ${PHOTO_PATH} || ${unusedPhotos.hash} || '-%')
  OR EXISTS (SELECT 1 FROM ${saleItems} WHERE ${saleItems.img} LIKE ${PHOTO_PATH} || ${unusedPhotos.hash} || '-%'))`

async function usedHashes(db: Database) {
  const rows = await db
    .selectDistinct({ img: instruments.img })
    .from(instruments)
    .where(like(instruments.img, `${PHOTO_PATH}%`))
    .union(
      db
        .selectDistinct({ img: saleItems.img })
        .from(saleItems)
        .where(like(saleItems.img, `${PHOTO_PATH}%`)),
    )
  return new Set(rows.flatMap((r) => uploadedPhoto(r.img)?.hash ?? []))
}

/**
 * Deletes the variants of every photo unused for a day, in any store. Safe when several
 * processes run it at once: each photo's row is claimed by one DELETE … RETURNING, in the same
 * statement that checks again that nothing uses it, and only its claimer deletes the files.
 */
export async function deleteUnusedPhotos(db: Database, store: PhotoStore, now = new Date()) {
  const cutoff = new Date(now.getTime() - PHOTO_UNUSED_KEEP_MS)
  const newest = new Map<string, Date>()
  const files = await store.list()
  for (const { name, storedAt } of files) {
    const hash = hashOf(name)
    const seen = newest.get(hash)
    if (!seen || storedAt > seen) newest.set(hash, storedAt)
  }
  const used = await usedHashes(db)
  const unused = [...newest.keys()].filter((hash) => !used.has(hash))
  // A photo used again, or gone from the store, starts its day afresh when next unused.
  await db
    .delete(unusedPhotos)
    .where(unused.length === 0 ? undefined : notInArray(unusedPhotos.hash, unused))
  if (unused.length === 0) return 0
  await db
    .insert(unusedPhotos)
    .values(unused.map((hash) => ({ hash, unusedSince: now })))
    .onConflictDoNothing()
  // Uploaded again within the day: a new upload, not attached yet.
  const stale = unused.filter((hash) => (newest.get(hash) ?? now) <= cutoff)
  if (stale.length === 0) return 0
  const claimed = await db
    .delete(unusedPhotos)
    .where(
      and(
        inArray(unusedPhotos.hash, stale),
        lte(unusedPhotos.unusedSince, cutoff),
        sql`NOT ${stillUsed}`,
      ),
    )
    .returning({ hash: unusedPhotos.hash })
  const gone = new Set(claimed.map((c) => c.hash))
  const names = files.filter((f) => gone.has(hashOf(f.name))).map((f) => f.name)
  await store.remove(names)
  return names.length
}
