import { and, inArray, lte, notInArray, sql } from 'drizzle-orm'
import { PHOTO_PATH } from '../../contract/photos'
import type { Database } from '../db/client'
import { resultRows } from '../db/result-rows'
import { instruments } from '../db/schema/catalog'
import { unusedPhotos } from '../db/schema/photos'
import { saleItems } from '../db/schema/sales'
import type { PhotoStore } from './photo-store'

/**
 * A stored photo no instrument nor order line has used for this long is deleted. A day leaves an
 * upload time to be attached (the form uploads first and saves later), and an admin who swapped
 * a photo by mistake time to put it back.
 */
export const PHOTO_UNUSED_KEEP_MS = 24 * 60 * 60 * 1000

const hashOf = (name: string) => name.slice(0, name.indexOf('-'))

// The content hash in an uploaded photo's URL (contract/photos.ts uploadedPhoto).
const HASH_IN_URL = `^${PHOTO_PATH}([0-9a-f]{32})-`

// One scan of each table for every photo at once, not one per photo. An order keeps the picture
// its line was sold with: the order history still shows it.
const usedHashes = sql`
  SELECT substring(${instruments.img} from ${HASH_IN_URL}) AS hash FROM ${instruments}
    WHERE ${instruments.img} ~ ${HASH_IN_URL}
  UNION
  SELECT substring(${saleItems.img} from ${HASH_IN_URL}) FROM ${saleItems}
    WHERE ${saleItems.img} ~ ${HASH_IN_URL}`

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
  const used = new Set(
    resultRows<{ hash: string }>(await db.execute(usedHashes)).map((r) => r.hash),
  )
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
  // A file written within the day is a new upload (or the same photo uploaded again), maybe not
  // attached yet.
  const stale = unused.filter((hash) => (newest.get(hash) ?? now) <= cutoff)
  if (stale.length === 0) return 0
  const claimed = await db
    .delete(unusedPhotos)
    .where(
      and(
        inArray(unusedPhotos.hash, stale),
        lte(unusedPhotos.unusedSince, cutoff),
        sql`${unusedPhotos.hash} NOT IN (SELECT hash FROM (${usedHashes}) AS used)`,
      ),
    )
    .returning({ hash: unusedPhotos.hash })
  const gone = new Set(claimed.map((c) => c.hash))
  const names = files.filter((f) => gone.has(hashOf(f.name))).map((f) => f.name)
  await store.remove(names)
  return names.length
}
