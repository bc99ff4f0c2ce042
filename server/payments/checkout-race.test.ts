import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customer } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { paymentShop } from '../test/payment-kit'
import { checkout, STILL_PROCESSING } from '.'
import { createTestPayment } from './test-provider'

function gate() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

// The interleaving the concurrent-requests test in routes/payment.test.ts meets only by chance,
// made to happen: a repeat reads its key before the first request reserves, then finds that
// request's pending sale.
describe('checkout with a repeat that read its key too early', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>
  const { open, addInstrument, stockOf } = paymentShop({
    category: 'Pianos',
    name: 'Upright',
    brand: 'Yamaha',
    price: 900,
    stock: 3,
  })
  const firstIsCharging = gate()
  const repeatAnswered = gate()

  beforeAll(async () => {
    const provider = createTestPayment()
    t = await createTestApi({
      payment: {
        ...provider,
        create: async (request) => {
          firstIsCharging.resolve()
          await repeatAnswered.promise
          return provider.create(request)
        },
      },
    })
    await open(t)
  })
  afterAll(() => t.close())

  it('answers the first request’s state, not another payment under way', async () => {
    const piano = await addInstrument()
    const buyer = await t.makeAccount()
    const order = {
      account: buyer,
      paymentMethodId: 'pm_card_visa',
      items: [{ id: piano.id, count: 1 }],
      customer,
      idempotencyKey: 'double-submit',
    }
    const repeatReadItsKey = gate()
    const repeat = checkout(t.deps, {
      ...order,
      holdLimits: {
        // Runs right after the key is read and before the pending sales are looked at.
        check: async () => {
          repeatReadItsKey.resolve()
          await firstIsCharging.promise
        },
        take: async () => {},
      },
    })
    await repeatReadItsKey.promise
    const first = checkout(t.deps, order)

    const repeated = await repeat.finally(repeatAnswered.resolve)
    expect(repeated.result).toEqual({ kind: 'processing', error: STILL_PROCESSING })
    expect(repeated.replayed).toBe(true)
    expect((await first).result.kind).toBe('paid')
    expect(await stockOf(piano.id)).toBe(2)
  })
})
