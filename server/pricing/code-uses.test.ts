import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromCents } from '../../contract/money'
import { CODE_REFUSALS } from '../../contract/pricing'
import { discountCodes, discountCodeUses } from '../db/schema/pricing'
import { sales } from '../db/schema/sales'
import { customerColumns } from '../test/fixtures'
import { createTestApi } from '../test/harness'
import { addCategory, stockInstrument } from '../test/payment-kit'
import { giveBackCodeUse, holdCodeUse, keepCodeUse, priceOrder } from '.'

// What phase 2's reservation does with a code: price under the code's row lock, then hold a use
// in the same transaction. Run on PostgreSQL (TEST_DATABASE_URL) the transactions truly overlap.
let t: Awaited<ReturnType<typeof createTestApi>>
let capo: number
beforeAll(async () => {
  t = await createTestApi()
  const category = await addCategory(t.db, 'Accessories')
  capo = (
    await stockInstrument(t.db, { name: 'Capo', price: 12.5, stock: 100, categoryId: category })
  ).id
  await t.db.insert(discountCodes).values({ code: 'LAST', kind: 'amount', value: 200, maxUses: 1 })
})
afterAll(() => t.close())

type Reserved = { saleId: number; total: number } | { refusal: string }

function reserveWithCode(accountId: number): Promise<Reserved> {
  return t.db.transaction(async (tx): Promise<Reserved> => {
    const request = {
      accountId,
      items: [{ id: capo, quantity: 1 }],
      country: 'Spain',
      discountCode: 'last',
    }
    const pricing = await priceOrder(tx, request, new Date(), { lockCode: true })
    if (pricing.kind !== 'priced') throw new Error(pricing.error)
    if (pricing.refusal) return { refusal: pricing.refusal.reason }
    const [sale] = await tx
      .insert(sales)
      .values({
        ...customerColumns,
        status: 'pending',
        cost: fromCents(pricing.price.totalCents),
        userId: accountId,
      })
      .returning()
    if (!sale) throw new Error('sale not inserted')
    await holdCodeUse(tx, pricing.price, { accountId, saleId: sale.id })
    return { saleId: sale.id, total: pricing.price.totalCents }
  })
}

describe("a code's last use", () => {
  it('goes to exactly one of 20 reservations made at once; the others hear it is used up', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => t.makeAccount()))
    const results = await Promise.all(buyers.map((buyer) => reserveWithCode(buyer.id)))
    const held = results.filter((r) => 'saleId' in r)
    expect(held).toEqual([{ saleId: expect.any(Number), total: 1050 }])
    expect(results.filter((r) => 'refusal' in r)).toEqual(
      Array(19).fill({ refusal: CODE_REFUSALS.usedUp }),
    )
  })

  it('comes back when the sale fails, and stays once the sale is paid', async () => {
    const [use] = await t.db.select().from(discountCodeUses)
    if (!use) throw new Error('no use held')
    await t.db.transaction((tx) => giveBackCodeUse(tx, use.saleId))
    const next = await reserveWithCode((await t.makeAccount()).id)
    if (!('saleId' in next)) throw new Error(next.refusal)
    const { saleId } = next
    await t.db.transaction((tx) => keepCodeUse(tx, saleId))
    const uses = await t.db.select().from(discountCodeUses)
    expect(uses.map((u) => [u.saleId, u.state])).toEqual([[saleId, 'kept']])
    const late = await reserveWithCode((await t.makeAccount()).id)
    expect(late).toEqual({ refusal: CODE_REFUSALS.usedUp })
  })
})
