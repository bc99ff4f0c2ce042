import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATING_COMMENT_MESSAGE } from '../../contract/catalog'
import type { PaymentStatus } from '../../contract/order-states'
import { categories, instruments, reviews } from '../db/schema/catalog'
import { saleItems, sales } from '../db/schema/sales'
import { createTestApi } from '../test/harness'

let t: Awaited<ReturnType<typeof createTestApi>>
let buyer: { id: number; token: string; userName: string }
let violin: number
let cello: number
const lines: number[] = []

const comment = 'A warm, even tone and it stays in tune for hours.'

async function buy(
  userId: number,
  instrumentId: number,
  times: number,
  status: PaymentStatus = 'succeeded',
) {
  const [sale] = await t.db
    .insert(sales)
    .values({
      status,
      cost: 100,
      userId,
      paymentId: 'pi_test',
      cusName: 'B',
      cusEmail: 'b@example.com',
      cusPhone: '1234567890',
      cusAddress: 'Street 1',
      cusCity: 'Lima',
      cusCountry: 'Peru',
      cusZip: '15001',
    })
    .returning()
  const rows = await t.db
    .insert(saleItems)
    .values(
      Array.from({ length: times }, () => ({
        saleId: sale?.id as number,
        instrumentId,
        name: 'Copy',
        brand: 'Copy',
        img: '/x.svg',
        price: 100,
        count: 1,
      })),
    )
    .returning()
  return rows.map((r) => r.id)
}

beforeAll(async () => {
  t = await createTestApi()
  buyer = await t.makeAccount({ userName: 'lucia.m' })
  const [strings] = await t.db.insert(categories).values({ name: 'Strings' }).returning()
  const base = {
    img: '/x.svg',
    description: 'd',
    stock: 2,
    status: 'New' as const,
    categoryId: strings?.id as number,
  }
  const rows = await t.db
    .insert(instruments)
    .values([
      { ...base, name: 'Stentor Student II Violin', brand: 'Stentor', price: 189 },
      { ...base, name: 'Yamaha Cello', brand: 'Yamaha', price: 1290 },
    ])
    .returning()
  violin = rows[0]?.id as number
  cello = rows[1]?.id as number
  lines.push(...(await buy(buyer.id, violin, 2)))
})
afterAll(() => t.close())

const rate = (body: object, token = buyer.token) => t.request('POST', '/raiting', { body, token })

describe('POST /raiting', () => {
  it('needs a signed-in account', async () => {
    const res = await t.request('POST', '/raiting', {
      body: { instrumentId: violin, comment, star: 5 },
    })
    expect(res.status).toBe(401)
  })

  it('lets only buyers rate', async () => {
    const stranger = await t.makeAccount()
    const res = await rate({ instrumentId: violin, comment, star: 5 }, stranger.token)
    expect(res).toMatchObject({
      status: 403,
      body: { error: 'Only buyers of this instrument can rate it' },
    })
    const notBought = await rate({ instrumentId: cello, comment, star: 5 })
    expect(notBought.status).toBe(403)
    const missing = await rate({ instrumentId: 99999, comment, star: 5 })
    expect(missing.status).toBe(404)
  })

  it('checks the comment length and the stars', async () => {
    for (const bad of ['x'.repeat(29), 'x'.repeat(301), `   ${'x'.repeat(20)}          `]) {
      const res = await rate({ instrumentId: violin, comment: bad, star: 3 })
      expect(res).toMatchObject({
        status: 400,
        body: { field: 'comment', error: `comment: ${RATING_COMMENT_MESSAGE}` },
      })
    }
    for (const star of [0, 6, 2.5, 'many']) {
      const res = await rate({ instrumentId: violin, comment, star })
      expect(res).toMatchObject({ status: 400, body: { field: 'star' } })
    }
    expect(await t.db.select().from(reviews)).toHaveLength(0)
  })

  it('rates once per purchase and keeps the average on the instrument', async () => {
    const first = await rate({ instrumentId: violin, comment: 'x'.repeat(300), star: 5 })
    expect(first).toMatchObject({
      status: 201,
      body: { ok: 'Thanks for rating this instrument', raiting: 5, raitingCount: 1 },
    })
    // No star given: the spec's default of 1.
    const second = await rate({ instrumentId: violin, comment: 'y'.repeat(30) })
    expect(second.body).toMatchObject({ raiting: 3, raitingCount: 2 })
    const third = await rate({ instrumentId: violin, comment, star: 4 })
    expect(third).toMatchObject({ status: 400, body: { error: 'You already rated this purchase' } })

    const [row] = await t.db.select().from(instruments).where(eq(instruments.id, violin))
    expect(row).toMatchObject({ raiting: 3, raitingCount: 2 })
    const stored = await t.db.select().from(reviews).where(eq(reviews.instrumentId, violin))
    expect(stored.map((r) => r.saleItemId).sort()).toEqual([...lines].sort())
    expect(stored[0]?.userName).toBe('lucia.m')

    const detail = await t.request('GET', `/instruments/${violin}`)
    expect(detail.body.raiting).toBe(3)
    expect(detail.body.Raitings).toHaveLength(2)
  })

  it('rates a given sale line, only the caller’s own', async () => {
    const [line] = await buy(buyer.id, violin, 1)
    const other = await t.makeAccount()
    const [othersLine] = await buy(other.id, violin, 1)
    const notMine = await rate({ instrumentId: violin, comment, star: 2, saleItemId: othersLine })
    expect(notMine.status).toBe(403)
    const mine = await rate({ instrumentId: violin, comment, star: 4, saleItemId: line })
    expect(mine.status).toBe(201)
    const twice = await rate({ instrumentId: violin, comment, star: 4, saleItemId: line })
    expect(twice.body.error).toBe('You already rated this purchase')
  })

  it.each(['pending', 'failed', 'refunded'] as const)(
    'does not let a %s sale rate: only a paid one counts',
    async (status) => {
      const shopper = await t.makeAccount()
      const [line] = await buy(shopper.id, cello, 1, status)
      const res = await rate(
        { instrumentId: cello, comment, star: 1, saleItemId: line },
        shopper.token,
      )
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('Only buyers of this instrument can rate it')
    },
  )

  it('stores HTML as the same text', async () => {
    const html = await t.makeAccount({ userName: '<b>mallory</b>' })
    await buy(html.id, cello, 1)
    const text = '<script>alert("hi")</script> and <img src=x onerror=alert(1)>'
    const res = await rate({ instrumentId: cello, comment: text, star: 3 }, html.token)
    expect(res.status).toBe(201)
    const detail = await t.request('GET', `/instruments/${cello}`)
    expect(detail.body.Raitings[0]).toMatchObject({
      comment: text,
      userName: '<b>mallory</b>',
      star: 3,
    })
  })
})
