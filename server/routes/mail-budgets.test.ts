import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, instruments } from '../db/schema/catalog'
import { mailboxKey } from '../middleware/rate-limit'
import { createTestApi } from '../test/harness'

// Strangers can ask the shop to mail any address (guest alerts, the newsletter); they must not
// use up the budget of the mails that protect the account behind it, nor dodge the limit by
// spelling the address another way.
describe('mail budgets keyed on who asks', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  let soldOut = 0
  beforeAll(async () => {
    t = await createTestApi()
    const [category] = await t.db.insert(categories).values({ name: 'Lutes' }).returning()
    const [lute] = await t.db
      .insert(instruments)
      .values({
        name: 'Renaissance lute',
        brand: 'Hora',
        price: 900,
        img: '/images/x.webp',
        description: 'Eight courses.',
        stock: 0,
        status: 'New',
        categoryId: category?.id as number,
      })
      .returning()
    soldOut = lute?.id as number
  })
  afterAll(() => t.close())

  const guestAlert = (email: string, address: string) =>
    t.request('POST', `/instruments/${soldOut}/alerts`, { body: { email }, address })

  it("keeps the owner's reset mail going while strangers fill the guest-alert limit", async () => {
    const victim = await t.makeAccount({ userName: 'victim' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await guestAlert(victim.email, `198.51.100.${i}`)).status)
    }
    expect(statuses.at(-1)).toBe(429)
    const reset = await t.request('POST', '/mail/resetpassword', {
      body: { email: victim.email },
      address: '203.0.113.50',
    })
    expect(reset.status).toBe(200)
    const mails = (await t.outbox()).filter((m) => m.to === victim.email)
    expect(mails.at(-1)?.text).toMatch(/resetpassword\?token=/)
  })

  it('counts every spelling of one mailbox under one limit', async () => {
    const spellings = [
      'Jo.Doe@gmail.com',
      'jodoe+1@gmail.com',
      'jo.doe+shop@googlemail.com',
      'JODOE@GMAIL.COM',
      'j.o.d.o.e@gmail.com',
      'jodoe+x@gmail.com',
    ]
    expect(new Set(spellings.map(mailboxKey))).toEqual(new Set(['jodoe@gmail.com']))
    const statuses = []
    for (const [i, email] of spellings.entries()) {
      statuses.push((await guestAlert(email, `192.0.2.${i}`)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    // Dots count elsewhere: another provider's mailbox is another person's.
    expect(mailboxKey('jo.doe+tag@example.com')).toBe('jo.doe@example.com')
  })
})
