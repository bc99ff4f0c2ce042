import { describe, expect, it } from 'vitest'
import { buyer } from '../test/order-kit'
import { server } from '../test/server'
import { mockShopHandlers } from './handlers'
import { MOCK_PASSWORDS } from './mock-shop'

const api = 'http://localhost/api'

const signIn = async (userName: string, password: string) => {
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  })
  return ((await login.json()) as { token: string }).token
}
const post = (path: string, token: string, body: unknown) =>
  fetch(`${api}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe("the mock backend's payment", () => {
  it('pays an order a code makes free without the card, and refuses one under $0.50', async () => {
    server.use(...mockShopHandlers())
    const admin = await signIn('admin', MOCK_PASSWORDS.admin)
    const shopper = await signIn('lucia.m', MOCK_PASSWORDS.shopper)
    const [first] = (await (await fetch(`${api}/instruments`)).json()) as {
      id: number
      price: number
    }[]
    if (!first) throw new Error('the demo catalogue is empty')
    const code = (body: object) =>
      post('/admin/discount-codes', admin, { kind: 'amount', active: true, ...body })
    expect((await code({ code: 'ONTHEHOUSE', kind: 'percent', value: 100 })).status).toBe(201)
    expect((await code({ code: 'ALMOST', value: first.price - 0.3 })).status).toBe(201)
    const pay = (discountCode: string) =>
      post('/payment', shopper, {
        // A card that would be declined: a free order never reaches it.
        id: 'pm_card_chargeDeclined',
        items: [{ id: first.id, count: 1 }],
        userInfo: buyer,
        discountCode,
      })

    const free = await pay('ONTHEHOUSE')
    expect(free.status).toBe(201)
    expect(await free.json()).toMatchObject({ sale: { cost: 0, discount: first.price } })
    const small = await pay('ALMOST')
    expect(small.status).toBe(409)
    expect(await small.json()).toEqual({
      error: 'A card payment is at least $0.50: this order comes to $0.30',
    })
  })
})
