import { randomUUID } from 'node:crypto'
import type { Broadcast } from '../db/client'
import type { PageCache } from './page-cache'

const CHANNEL = 'catalogue_changed'

/**
 * The page cache of one process among several on one database: a clear() here is announced to
 * the others, which drop their pages as soon as the notice arrives instead of serving the old
 * catalogue until the time limit. While the listening connection is down notices are lost, so
 * the pages are dropped again whenever it comes back.
 */
export async function shareClears<T>(
  cache: PageCache<T>,
  broadcast: Broadcast,
): Promise<PageCache<T>> {
  const self = randomUUID()
  await broadcast.subscribe(
    CHANNEL,
    (from) => {
      if (from !== self) cache.clear()
    },
    () => cache.clear(),
  )
  return {
    get: cache.get,
    clear() {
      cache.clear()
      broadcast.publish(CHANNEL, self).catch((error) => {
        console.error('Announcing a catalogue change to the other processes', error)
      })
    },
  }
}
