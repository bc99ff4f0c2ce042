import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { createThrottle } from './throttle'
import { throttleRules } from './throttle-rules'

let handle: DatabaseHandle
let clock = Date.parse('2026-11-24T10:00:00Z')
const minutes = (n: number) => n * 60_000
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' })
})
afterAll(() => handle.close())

const throttle = () => createThrottle(handle.db, throttleRules({}), () => clock)

describe('throttle', () => {
  it('lets 5 attempts of an account through, then refuses for a minute, then 2, then 4', async () => {
    const t = throttle()
    for (let i = 0; i < 5; i += 1) expect(await t.hit('login-account', 'ada')).toBe(0)
    expect(await t.hit('login-account', 'ada')).toBe(60)
    expect(await t.check('login-account', 'ADA')).toBe(60)
    clock += minutes(1)
    expect(await t.hit('login-account', 'ada')).toBe(0)
    expect(await t.hit('login-account', 'ada')).toBe(120)
    clock += minutes(2)
    expect(await t.hit('login-account', 'ada')).toBe(0)
    expect(await t.check('login-account', 'ada')).toBe(240)
  })

  it('does not count refused attempts: they cannot lengthen the refusal', async () => {
    const t = throttle()
    for (let i = 0; i < 5; i += 1) await t.hit('login-account', 'bob')
    for (let i = 0; i < 20; i += 1) await t.hit('login-account', 'bob')
    expect(await t.check('login-account', 'bob')).toBe(60)
  })

  it('admits exactly the limit when attempts race', async () => {
    const t = throttle()
    const waits = await Promise.all(
      Array.from({ length: 30 }, () => t.hit('login-account', 'carol')),
    )
    expect(waits.filter((w) => w === 0)).toHaveLength(5)
  })

  it('counts the same in two processes sharing the database', async () => {
    const one = throttle()
    const two = throttle()
    for (let i = 0; i < 3; i += 1) await one.hit('login-account', 'dan')
    for (let i = 0; i < 2; i += 1) await two.hit('login-account', 'dan')
    expect(await one.check('login-account', 'dan')).toBeGreaterThan(0)
  })

  it('forgets a cleared streak and purges finished counters', async () => {
    const t = throttle()
    for (let i = 0; i < 5; i += 1) await t.hit('login-account', 'eve')
    await t.clear('login-account', 'eve')
    expect(await t.check('login-account', 'eve')).toBe(0)
    await t.hit('mail-recipient', 'eve@example.com')
    clock += minutes(24 * 60)
    expect(await t.purge()).toBeGreaterThan(0)
    expect(await t.hit('mail-recipient', 'eve@example.com')).toBe(0)
  })
})
