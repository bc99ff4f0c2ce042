import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPayment } from '../payments'
import { createTestApi } from '../test/harness'
import { addCategory, cardPayment, raceForLastUnits, SLOW_BANK_CARD } from '../test/payment-kit'

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
        // The slow bank answers when the test says so.
        confirm: async (id, paymentMethodId) => {
          if (paymentMethodId === SLOW_BANK_CARD) {
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

  async function race(stock: number) {
    const reached = new Promise<void>((resolve) => {
      bankReached = resolve
    })
    const { harp, first, second, secondBeforeFirst } = await raceForLastUnits({
      db: t.db,
      harp: {
        name: `Concert harp ${stock}`,
        stock,
        categoryId: await addCategory(t.db, `Harps ${stock}`),
      },
      buyer: () => t.makeAccount(),
      pay: (buyer, harpId, card) =>
        t.request('POST', '/payment', { token: buyer.token, body: cardPayment(card, harpId) }),
      firstAtBank: () => reached,
    })
    bankAnswers()
    return { fast: second, slow: await first, answeredBeforeFirst: secondBeforeFirst, harp }
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
