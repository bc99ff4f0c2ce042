import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ALERT_MESSAGES } from '../../contract/stock-alerts'
import { categories, instruments } from '../db/schema/catalog'
import { sales } from '../db/schema/sales'
import { stockAlerts } from '../db/schema/stock-alerts'
import { settle } from '../payments'
import { announceRestock, purgeUnconfirmedAlerts } from '../stock'
import { createTestApi } from '../test/harness'
import { cardPayment, saleByPayment } from '../test/payment-kit'

// "Notify me when it's back": one mail per alert, to a confirmed address, through the
// outbox, and an unsubscribe link that works without signing in.

let t: Awaited<ReturnType<typeof createTestApi>>
let admin: Awaited<ReturnType<typeof t.makeAccount>>
let shopper: Awaited<ReturnType<typeof t.makeAccount>>
let soldOut: number
let guitars: number

beforeAll(async () => {
  t = await createTestApi()
  admin = await t.makeAccount({ rol: 'admin' })
  shopper = await t.makeAccount({ verified: true })
  const [cat] = await t.db.insert(categories).values({ name: 'Guitars' }).returning()
  guitars = cat?.id as number
})
afterAll(() => t.close())

beforeEach(async () => {
  const [row] = await t.db
    .insert(instruments)
    .values({
      name: `Martin D-28 ${Math.random()}`,
      brand: 'Martin',
      price: 2999,
      img: '/images/x.webp',
      description: 'A dreadnought.',
      stock: 0,
      status: 'New',
      categoryId: guitars,
    })
    .returning()
  soldOut = row?.id as number
})

const setStock = (stock: number, id = soldOut) =>
  t.request('PUT', '/instruments', { body: { id, stock }, token: admin.token })
const mailsAbout = async (id = soldOut) =>
  (await t.outbox()).filter((m) => m.text.includes(`/instruments/${id}\n`))
const linkIn = (text: string, kind: 'confirm' | 'stop') => {
  const match = text.match(new RegExp(`/alerts\\?${kind}=([^\\s]+)`))
  return decodeURIComponent(match?.[1] ?? '')
}

describe('a signed-in shopper', () => {
  it('subscribes in one tap and gets exactly one mail when an admin restocks', async () => {
    const path = `/instruments/${soldOut}/alerts`
    const tap = await t.request('POST', path, { token: shopper.token })
    expect(tap.status).toBe(200)
    expect(tap.body).toMatchObject({ subscribed: true })
    expect((await t.request('GET', path, { token: shopper.token })).body).toEqual({
      subscribed: true,
    })
    // A second tap changes nothing.
    await t.request('POST', path, { token: shopper.token })
    expect(await mailsAbout()).toHaveLength(0)

    expect((await setStock(5)).status).toBe(200)
    const mails = await mailsAbout()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: shopper.email })
    expect(mails[0]?.subject).toContain('Back in stock')
    expect(mails[0]?.text).toContain(`http://localhost:3000/instruments/${soldOut}`)

    // More stock, a sell-out and another restock in the same minute: still one mail.
    await setStock(8)
    await setStock(0)
    await setStock(3)
    expect(await mailsAbout()).toHaveLength(1)
  })

  it('hears nothing of units back from a young reservation (a declined card), and of an old one once', async () => {
    const path = `/instruments/${soldOut}/alerts`
    expect((await t.request('POST', path, { token: shopper.token })).status).toBe(200)
    // One unit on the shelf with no restock mail (as if mailed long ago, then sold out again).
    await t.db.update(instruments).set({ stock: 1 }).where(eq(instruments.id, soldOut))
    // The attack: a declined card for the whole stock, again and again.
    for (let round = 0; round < 3; round += 1) {
      const buyer = await t.makeAccount()
      const declined = await t.request('POST', '/payment', {
        body: cardPayment('pm_card_chargeDeclined', soldOut),
        token: buyer.token,
      })
      expect(declined.status).toBe(402)
    }
    expect(await mailsAbout()).toHaveLength(0)

    const buyer = await t.makeAccount()
    const held = await t.request('POST', '/payment', {
      body: cardPayment('pm_card_authenticationRequired', soldOut),
      token: buyer.token,
    })
    expect(held.status).toBe(202)
    const sale = await saleByPayment(
      t.db,
      (held.body as { paymentIntentId: string }).paymentIntentId,
    )
    // Left undone for over an hour: its unit back on sale is a restock.
    await t.db
      .update(sales)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(sales.id, sale?.id as number))
    await settle(t.deps, sale?.id as number, { status: 'failed', error: 'Not authenticated' })
    const mails = await mailsAbout()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: shopper.email })
  })

  it('mails an alert once; asking again re-arms it', async () => {
    const path = `/instruments/${soldOut}/alerts`
    expect((await t.request('POST', path, { token: shopper.token })).status).toBe(200)
    await setStock(2)
    await setStock(0)
    await setStock(2)
    expect(await mailsAbout()).toHaveLength(1)
    expect((await t.request('GET', path, { token: shopper.token })).body).toEqual({
      subscribed: false,
    })
    await setStock(0)
    expect((await t.request('POST', path, { token: shopper.token })).status).toBe(200)
    await setStock(1)
    expect(await mailsAbout()).toHaveLength(2)
  })

  it("confirms an unverified account's address first, as a guest's", async () => {
    const unproved = await t.makeAccount()
    const path = `/instruments/${soldOut}/alerts`
    const tap = await t.request('POST', path, { token: unproved.token })
    expect(tap.status).toBe(200)
    expect(tap.body).toEqual({ ok: ALERT_MESSAGES.confirmSent })
    const [confirm] = (await t.outbox()).filter((m) => m.to === unproved.email)
    expect(confirm?.subject).toContain('Confirm your alert')
    await setStock(3)
    expect((await mailsAbout()).filter((m) => m.to === unproved.email)).toHaveLength(0)
  })

  it('stops with DELETE, and then hears nothing', async () => {
    const path = `/instruments/${soldOut}/alerts`
    await t.request('POST', path, { token: shopper.token })
    const stop = await t.request('DELETE', path, { token: shopper.token })
    expect(stop.status).toBe(200)
    expect((await t.request('GET', path, { token: shopper.token })).body).toEqual({
      subscribed: false,
    })
    await setStock(2)
    expect(await mailsAbout()).toHaveLength(0)
  })

  it('is told an instrument in stock needs no alert, and a hidden one does not exist', async () => {
    await setStock(1)
    const inStock = await t.request('POST', `/instruments/${soldOut}/alerts`, {
      token: shopper.token,
    })
    expect(inStock.status).toBe(409)
    await t.db.update(instruments).set({ isBanned: true }).where(eq(instruments.id, soldOut))
    const hidden = await t.request('POST', `/instruments/${soldOut}/alerts`, {
      token: shopper.token,
    })
    expect(hidden.status).toBe(404)
    expect(hidden.body.error).toBe('Instrument not found')
  })
})

describe('a guest', () => {
  it('lets a confirmation link expire after 7 days, and then forgets the address', async () => {
    const email = `late-${soldOut}@example.com`
    expect(
      (await t.request('POST', `/instruments/${soldOut}/alerts`, { body: { email } })).status,
    ).toBe(200)
    const [mail] = (await t.outbox()).filter((m) => m.to === email)
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)
    await t.db
      .update(stockAlerts)
      .set({ createdAt: eightDaysAgo })
      .where(eq(stockAlerts.email, email))
    const late = await t.request('POST', '/alerts/confirm', {
      body: { token: linkIn(mail?.text ?? '', 'confirm') },
    })
    expect(late.status).toBe(400)
    expect(late.body.field).toBe('token')
    expect(await purgeUnconfirmedAlerts(t.db)).toBeGreaterThanOrEqual(1)
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toEqual([])
  })

  it('confirms from a mail first, then hears once, and the unsubscribe link works signed out', async () => {
    const email = `guest-${soldOut}@example.com`
    const ask = await t.request('POST', `/instruments/${soldOut}/alerts`, { body: { email } })
    expect(ask.status).toBe(200)
    const confirmMail = (await t.outbox()).filter((m) => m.to === email)
    expect(confirmMail).toHaveLength(1)

    // Not confirmed yet: a restock mails nobody.
    await setStock(2)
    await setStock(0)
    expect(await mailsAbout()).toHaveLength(0)

    const confirmed = await t.request('POST', '/alerts/confirm', {
      body: { token: linkIn(confirmMail[0]?.text ?? '', 'confirm') },
    })
    expect(confirmed.status).toBe(200)
    await setStock(4)
    const [restock] = await mailsAbout()
    expect(restock).toMatchObject({ to: email })

    const stop = await t.request('POST', '/alerts/unsubscribe', {
      body: { token: linkIn(restock?.text ?? '', 'stop') },
    })
    expect(stop.status).toBe(200)
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toEqual([])
    const again = await t.request('POST', '/alerts/unsubscribe', {
      body: { token: linkIn(restock?.text ?? '', 'stop') },
    })
    expect(again.status).toBe(404)
  })

  it('needs a valid e-mail, and a used or wrong link is a 400 naming token', async () => {
    const path = `/instruments/${soldOut}/alerts`
    const none = await t.request('POST', path, { body: {} })
    expect(none.status).toBe(400)
    expect(none.body.error).toBe('email: Required')
    const bad = await t.request('POST', path, { body: { email: 'not-an-address' } })
    expect(bad.body.error).toBe('email: Invalid email address')
    const wrong = await t.request('POST', '/alerts/confirm', { body: { token: 'nope' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.field).toBe('token')
    expect((await t.request('POST', '/instruments/0/alerts', { body: {} })).body.field).toBe('id')
  })

  it('is throttled per recipient: the sixth request in an hour is a 429', async () => {
    const email = `often-${soldOut}@example.com`
    const path = `/instruments/${soldOut}/alerts`
    for (let n = 0; n < 5; n++) {
      expect((await t.request('POST', path, { body: { email } })).status).toBe(200)
    }
    expect((await t.request('POST', path, { body: { email } })).status).toBe(429)
  })
})

it('mails each subscriber once when two restocks of one sell-out race', async () => {
  const verified = () => t.makeAccount({ verified: true })
  const many = await Promise.all([verified(), verified(), verified()])
  for (const a of many) {
    await t.request('POST', `/instruments/${soldOut}/alerts`, { token: a.token })
  }
  await t.db.update(instruments).set({ stock: 3 }).where(eq(instruments.id, soldOut))
  const restock = () =>
    t.db.transaction((tx) =>
      announceRestock(tx, 'https://shop.example', [{ instrumentId: soldOut, stockBefore: 0 }]),
    )
  await Promise.all([restock(), restock(), restock()])
  const mails = await mailsAbout()
  expect(mails.map((m) => m.to).sort()).toEqual(many.map((a) => a.email).sort())
  expect(mails[0]?.text).toContain(`https://shop.example/instruments/${soldOut}`)
})
