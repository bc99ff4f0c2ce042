import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { createInstrument } from './cart/cart-kit'
import { bearer, expect, type TestAccount } from './fixtures'

/** A paid order of `count` units of an instrument of the test's own; its sale id and instrument. */
export async function paidOrder(
  request: APIRequestContext,
  adminToken: string,
  buyer: TestAccount,
  { count = 2, price = 310 } = {},
) {
  const guitar = await createInstrument(request, adminToken, { stock: 5, price })
  const paid = await request.post('/api/payment', {
    headers: { ...bearer(buyer.token), 'Idempotency-Key': randomUUID() },
    data: {
      id: 'pm_card_visa',
      items: [{ id: guitar.id, count }],
      userInfo: {
        cus_name: 'Ana Pérez',
        cus_email: buyer.email,
        cus_phone: '11 3456 7890',
        cus_address: 'Calle Falsa 123',
        cus_city: 'Córdoba',
        cus_country: 'Argentina',
        cus_zip: '5000',
      },
    },
  })
  expect(paid.status(), await paid.text()).toBe(201)
  const { sale } = (await paid.json()) as { sale: { id: number } }
  return { saleId: sale.id, guitar }
}
