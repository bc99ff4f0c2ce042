import { randomUUID } from 'node:crypto'
import type { Broadcast } from '../db/client'
import type { PageCache } from './page-cache'

const CHANNEL = 'catalogue_changed'

// A clear() here is announced to the other processes, which drop their pages at once; notices
// are lost while listening is down, so pages are dropped again when it comes back.
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
