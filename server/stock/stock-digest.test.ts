import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPeriodicJobs } from '../jobs/periodic-jobs'
import { createTestApi } from '../test/harness'
import { addCategory, stockInstrument } from '../test/payment-kit'
import { sendStockDigest } from './stock-digest'

const ORIGIN = 'https://shop.example'

describe("the admins' daily stock digest", () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const digests = async () =>
    (await t.outbox()).filter((mail) => mail.subject.startsWith('Stock digest'))

  beforeAll(async () => {
    t = await createTestApi()
    await t.makeAccount({ rol: 'admin', userName: 'boss' })
    await t.makeAccount({ kind: 'admin', rol: 'banned', userName: 'former' })
    await t.makeAccount({ userName: 'shopper' })
    const categoryId = await addCategory(t.db, 'Keys')
    await stockInstrument(t.db, { name: 'Sold Out Synth', price: 1, stock: 0, categoryId })
    await stockInstrument(t.db, { name: 'Last Two Pianos', price: 1, stock: 2, categoryId })
    await stockInstrument(t.db, { name: 'Plenty Organ', price: 1, stock: 50, categoryId })
    await stockInstrument(t.db, {
      name: 'Watched Harp',
      price: 1,
      stock: 50,
      categoryId,
      lowStockThreshold: 60,
    })
  })
  afterAll(() => t.close())

  it('mails each admin both lists once a day, with two job runners on one database', async () => {
    let now = new Date('2026-11-25T08:00:00Z')
    // Each runner looks at every tick (interval 0), as two processes would hour after hour.
    const runners = [createPeriodicJobs(t.db), createPeriodicJobs(t.db)]
    for (const jobs of runners)
      jobs.every('stock digest', 0, () => sendStockDigest(t.db, ORIGIN, now))
    await Promise.all(runners.map((jobs) => jobs.runDue()))
    await Promise.all(runners.map((jobs) => jobs.runDue()))
    now = new Date('2026-11-25T23:00:00Z')
    await runners[1]?.runDue()

    const today = await digests()
    expect(today.map((mail) => mail.to)).toEqual(['boss@example.com'])
    const [mail] = today
    expect(mail?.subject).toBe('Stock digest 2026-11-25: 1 out of stock, 2 low')
    expect(mail?.text).toContain('Out of stock (1):\n- #1 Sold Out Synth')
    expect(mail?.text).toContain('- #2 Last Two Pianos: 2 left (low at 5)')
    expect(mail?.text).toContain('- #4 Watched Harp: 50 left (low at 60)')
    expect(mail?.text).not.toContain('Plenty Organ')
    expect(mail?.text).toContain(`${ORIGIN}/admin?tab=instruments`)

    now = new Date('2026-11-26T00:30:00Z')
    await Promise.all(runners.map((jobs) => jobs.runDue()))
    expect((await digests()).map((m) => m.subject)).toEqual([
      'Stock digest 2026-11-25: 1 out of stock, 2 low',
      'Stock digest 2026-11-26: 1 out of stock, 2 low',
    ])
  })

  it('sends nothing on a day with nothing low, and that day is done', async () => {
    const before = (await digests()).length
    const empty = await createTestApi()
    await empty.makeAccount({ rol: 'admin' })
    expect(await sendStockDigest(empty.db, ORIGIN, new Date('2026-11-27T09:00:00Z'))).toBe(
      'nothing to report',
    )
    expect(await sendStockDigest(empty.db, ORIGIN, new Date('2026-11-27T10:00:00Z'))).toBe(
      'already sent today',
    )
    expect(await empty.outbox()).toEqual([])
    await empty.close()
    expect((await digests()).length).toBe(before)
  })
})
