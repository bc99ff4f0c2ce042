import { describe, expect, it } from 'vitest'
import { server } from '../test/server'
import { mockShopHandlers } from './handlers'
import { MOCK_PASSWORDS } from './mock-shop'

const api = 'http://localhost/api'

describe("the mock backend's Sales over time", () => {
  it('answers its periods as the server does, and a 400 that names the field', async () => {
    server.use(...mockShopHandlers())
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: MOCK_PASSWORDS.admin }),
    })
    const { token } = (await login.json()) as { token: string }
    const ask = (query: string) =>
      fetch(`${api}/sales/over-time?${query}`, { headers: { Authorization: `Bearer ${token}` } })

    const weeks = await ask('from=2026-03-01&to=2026-03-14&by=week')
    expect(weeks.status).toBe(200)
    expect(await weeks.json()).toMatchObject({
      periods: [{ start: '2026-02-23' }, { start: '2026-03-02' }, { start: '2026-03-09' }],
      totals: { revenueCents: 0, orders: 0, averageOrderCents: 0 },
    })
    const refused = await ask('from=2026-03-10&to=2026-03-01')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: 'to: must not be before from', field: 'to' })
    expect((await fetch(`${api}/sales/over-time?from=2026-03-01&to=2026-03-02`)).status).toBe(401)
  })
})
