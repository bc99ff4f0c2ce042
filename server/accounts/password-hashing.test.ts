import { describe, expect, it } from 'vitest'
import { HashQueueFullError, hashPassword, MAX_WAITING_HASHES, verifyPassword } from './auth'

describe('password hashing under a flood', () => {
  it('runs two at a time and refuses beyond a short queue instead of slowing everyone down', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: MAX_WAITING_HASHES + 10 }, () => hashPassword('secret123')),
    )
    const refused = settled.filter((s) => s.status === 'rejected')
    // Two run, MAX_WAITING_HASHES wait, the rest are refused at once.
    expect(refused).toHaveLength(10 - 2)
    for (const r of refused) expect(r.reason).toBeInstanceOf(HashQueueFullError)
    const done = settled.find((s) => s.status === 'fulfilled')
    expect(done && (await verifyPassword('secret123', done.value))).toBe(true)
  })
})
