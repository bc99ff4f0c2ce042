import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, instruments } from '../db/schema/catalog'
import { createTestPayment } from '../services/test-payment'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'

/** The card is charged with no lock held: a slow bank keeps only its own shopper waiting. */
describe('two buyers of the last unit while the first one’s bank is slow', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const provider = createTestPayment()
  let bankReached: () => void = () => {}
  let bankAnswers: () => void = () => {}

  beforeAll(async () => {
    t = await createTestApi({
      payment: {
        ...provider,
        // pm_card_mastercard stands for a card whose bank is slow: it answers when the test says so.
        confirm: async (id, paymentMethodId) => {
          if (paymentMethodId === 'pm_card_mastercard') {
            const answered = new Promise<void>((resolve) => {
              bankAnswers = resolve
            })
            bankReached()
            await answered
          }
          return provider.confirm(id, paymentMethodId)
        },
      },
    })
  })
  afterAll(() => t.close())

  async function lastUnits(stock: number) {
    const [category] = await t.db
      .insert(categories)
      .values({ name: `Harps ${stock}` })
      .returning()
    const [harp] = await t.db
      .insert(instruments)
      .values({
        name: `Concert harp ${stock}`,
        brand: 'Salvi',
        price: 900,
        img: '/images/harp.webp',
        description: 'A pedal harp.',
        stock,
        status: 'New',
        categoryId: category?.id ?? 0,
      })
      .returning()
    if (!harp) throw new Error('instrument not inserted')
    return harp
  }

  async function race(stock: number) {
    const harp = await lastUnits(stock)
    const [first, second] = [await t.makeAccount(), await t.makeAccount()]
    const pay = (token: string, card: string) =>
      t.request('POST', '/payment', {
        token,
        body: { id: card, items: [{ id: harp.id, count: 1 }], userInfo: customer },
      })
    const reached = new Promise<void>((resolve) => {
      bankReached = resolve
    })
    let firstAnswered = false
    const slow = pay(first.token, 'pm_card_mastercard').then((res) => {
      firstAnswered = true
      return res
    })
    await reached
    const fast = await pay(second.token, 'pm_card_visa')
    const answeredBeforeFirst = !firstAnswered
    bankAnswers()
    return { fast, slow: await slow, answeredBeforeFirst, harp }
  }

  it('tells the second buyer at once that the last unit is sold out', async () => {
    const { fast, slow, answeredBeforeFirst, harp } = await race(1)
    expect(answeredBeforeFirst).toBe(true)
    expect(fast.status).toBe(409)
    expect(fast.body).toEqual({ error: `${harp.name} is sold out` })
    expect(slow.status).toBe(201)
  })

  it('sells to the second buyer at once when a unit is left for both', async () => {
    const { fast, slow, answeredBeforeFirst } = await race(2)
    expect(answeredBeforeFirst).toBe(true)
    expect(fast.status).toBe(201)
    expect(slow.status).toBe(201)
  })
})
