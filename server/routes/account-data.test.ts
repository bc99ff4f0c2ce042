import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentResponse } from '../../contract/sales'
import { accountDataExport } from '../../contract/users'
import { ERASED_COLUMNS } from '../accounts'
import { accounts } from '../db/schema/accounts'
import { reviews } from '../db/schema/catalog'
import { mailOutbox, newsletterSubscribers } from '../db/schema/mail'
import { sales } from '../db/schema/sales'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'

type TestApi = Awaited<ReturnType<typeof createTestApi>>

// A shopper downloads what the shop keeps about them, and deleting an account erases
// the person while the books keep the sales.
describe('a shopper’s data: export and erasure', () => {
  let t: TestApi
  const shop = paymentShop({
    category: 'Ukuleles',
    name: 'Uke',
    brand: 'Kala',
    price: 80,
    stock: 50,
  })
  beforeAll(async () => {
    t = await createTestApi()
    await shop.open(t)
  })
  afterAll(() => t.close())

  /** A shopper with two paid orders (two addresses), a review, a favourite and an alert. */
  async function activeShopper() {
    const person = await t.makeAccount({ password: 'right12345', verified: true })
    const uke = await shop.addInstrument()
    const soldOut = await shop.addInstrument({ stock: 0 })
    const home = { ...customer, cus_name: `${person.userName} Home`, cus_email: person.email }
    const office = { ...home, cus_address: '1 Office Park', cus_city: 'Leeds' }
    const orders = []
    for (const userInfo of [home, office]) {
      const paid = await t.request('POST', '/payment', {
        token: person.token,
        body: { id: 'pm_card_visa', items: [{ id: uke.id, count: 1 }], userInfo },
      })
      expect(paid.status).toBe(201)
      orders.push(paymentResponse.parse(paid.body).sale)
    }
    const line = orders[0]?.instrument[0]
    const rated = await t.request('POST', '/raiting', {
      token: person.token,
      body: {
        instrumentId: uke.id,
        saleItemId: line?.id,
        star: 5,
        comment: 'Warm tone, stays in tune for weeks, and the case is sturdy.',
      },
    })
    expect(rated.status).toBeLessThan(300)
    const favourite = await t.request('POST', '/trolley', {
      token: person.token,
      body: { id: uke.id },
    })
    expect(favourite.status).toBeLessThan(300)
    const alert = await t.request('POST', `/instruments/${soldOut.id}/alerts`, {
      token: person.token,
    })
    expect(alert.status).toBeLessThan(300)
    await t.db.insert(newsletterSubscribers).values({ email: person.email })
    return { person, uke, soldOut, home, office, orders }
  }

  it('answers the caller’s own profile, addresses, orders, review, favourite, alert and consents as a download', async () => {
    const { person, uke, soldOut, home, office } = await activeShopper()
    const res = await t.request('GET', '/users/me/export', { token: person.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="instrument-shop-data-\d{4}-\d\d-\d\d\.json"$/,
    )
    const data = accountDataExport.parse(res.body)
    // The same facts the profile and the order history show.
    const profile = await t.request('GET', '/users/token', { token: person.token })
    expect(data.profile).toMatchObject(profile.body)
    const history = await t.request('GET', '/transactions/user', { token: person.token })
    expect(data.orders).toEqual(history.body)
    expect(data.orders).toHaveLength(2)
    expect(data.addresses).toEqual(expect.arrayContaining([home, office]))
    expect(data.addresses).toHaveLength(2)
    expect(data.reviews).toMatchObject([{ instrumentId: uke.id, star: 5 }])
    expect(data.favourites).toMatchObject([{ instrumentId: uke.id, instrument: uke.name }])
    expect(data.stockAlerts).toMatchObject([{ instrumentId: soldOut.id, notifiedAt: null }])
    expect(data.consents.emailVerifiedAt).not.toBeNull()
    expect(data.consents.newsletterSince).not.toBeNull()
  })

  it('is only ever the caller’s own: another shopper’s token answers their own data', async () => {
    const { person } = await activeShopper()
    const other = await t.makeAccount()
    const theirs = await t.request('GET', '/users/me/export', { token: other.token })
    expect(theirs.status).toBe(200)
    const data = accountDataExport.parse(theirs.body)
    expect(data.profile.userName).toBe(other.userName)
    expect(data.orders).toEqual([])
    expect(JSON.stringify(data)).not.toContain(person.userName)
    // An unproved address is not enough to claim the newsletter kept under it.
    await t.db.insert(newsletterSubscribers).values({ email: other.email })
    const again = accountDataExport.parse(
      (await t.request('GET', '/users/me/export', { token: other.token })).body,
    )
    expect(again.consents).toEqual({ emailVerifiedAt: null, newsletterSince: null })
    expect(
      (await t.request('GET', `/users/${person.id}/export`, { token: other.token })).status,
    ).toBe(404)
    expect((await t.request('GET', '/users/me/export')).status).toBe(401)
  })

  for (const by of ['the shopper', 'an admin'] as const) {
    it(`deleting the account (${by}) keeps the sales and the totals, erases the person`, async () => {
      const admin = await t.makeAccount({ rol: 'admin' })
      const { person, orders } = await activeShopper()
      const line = orders[0]?.instrument[0]?.id ?? 0
      const summary = async () =>
        (await t.request('GET', '/admin/sales/summary', { token: admin.token })).body
      const before = await summary()
      const mailsTo = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email))
      expect((await mailsTo()).length).toBeGreaterThan(0)
      const deleted =
        by === 'the shopper'
          ? await t.request('DELETE', '/users', {
              token: person.token,
              body: { currentPassword: 'right12345' },
            })
          : await t.request('DELETE', `/users/${person.id}`, { token: admin.token })
      expect(deleted.status).toBe(200)

      expect(await summary()).toEqual(before)
      const kept = await t.db
        .select()
        .from(sales)
        .where(eq(sales.id, orders[0]?.id ?? 0))
      expect(kept).toMatchObject([
        { ...ERASED_COLUMNS, cusCountry: customer.cus_country, cost: 80, userId: null },
      ])
      const all = (await t.request('GET', '/transactions', { token: admin.token })).body as {
        id: number
        cus_name: string
        instrument: unknown[]
      }[]
      for (const order of orders) {
        expect(all.find((s) => s.id === order.id)).toMatchObject({
          cus_name: 'Deleted customer',
          instrument: [expect.objectContaining({ count: 1, price: 80 })],
        })
      }
      expect(JSON.stringify(all)).not.toContain(person.userName)
      // The review stays for the instrument's rating, under no name.
      const [review] = await t.db.select().from(reviews).where(eq(reviews.saleItemId, line))
      expect(review).toMatchObject({ userName: 'Deleted customer', userId: null, star: 5 })
      expect(await mailsTo()).toEqual([])
      expect(
        await t.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, person.email)),
      ).toEqual([])
      expect(await t.db.select().from(accounts).where(eq(accounts.id, person.id))).toEqual([])
      // The export of a deleted account is refused like any of its requests.
      expect((await t.request('GET', '/users/me/export', { token: person.token })).status).toBe(401)
    })
  }
})
