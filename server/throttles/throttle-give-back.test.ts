import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { createThrottle } from './throttle'
import { throttleRules } from './throttle-rules'

let handle: DatabaseHandle
const clock = Date.parse('2026-11-24T10:00:00Z')
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' })
})
afterAll(() => handle.close())

const throttle = () => createThrottle(handle.db, throttleRules({}), () => clock)

// Card payments are counted before the charge and given back unless they failed.
describe('an attempt given back', () => {
  it('no longer counts', async () => {
    const t = throttle()
    for (let i = 0; i < 4; i += 1) await t.hit('failed-payment-account', 'ada')
    for (let i = 0; i < 3; i += 1) {
      expect(await t.hit('failed-payment-account', 'ada')).toBe(0)
      await t.giveBack('failed-payment-account', 'ada')
    }
    expect(await t.check('failed-payment-account', 'ada')).toBe(0)
    expect(await t.hit('failed-payment-account', 'ada')).toBe(0)
    expect(await t.check('failed-payment-account', 'ada')).toBe(15 * 60)
  })

  it('lifts the refusal it started when it reached the limit, and only that one', async () => {
    const t = throttle()
    for (let i = 0; i < 5; i += 1) await t.hit('failed-payment-account', 'bob')
    expect(await t.check('failed-payment-account', 'bob')).toBe(15 * 60)
    await t.giveBack('failed-payment-account', 'bob')
    expect(await t.check('failed-payment-account', 'bob')).toBe(0)
    // Four still count: the next one refuses for 15 minutes, not 30.
    expect(await t.hit('failed-payment-account', 'bob')).toBe(0)
    expect(await t.check('failed-payment-account', 'bob')).toBe(15 * 60)
  })

  it('of a subject never counted changes nothing', async () => {
    const t = throttle()
    await t.giveBack('failed-payment-account', 'carol')
    expect(await t.check('failed-payment-account', 'carol')).toBe(0)
  })
})
