import { createInstrument } from '../cart/cart-kit'
import { bearer, expect, signInPage, test } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'

test('a purchase on a phone shows its total, status and rating on screen', async ({
  page,
  request,
  user,
  admin,
}) => {
  const guitar = await createInstrument(request, admin.token, { stock: 2, price: 310 })
  const paid = await request.post('/api/payment', {
    headers: bearer(user.token),
    data: {
      id: 'pm_card_visa',
      items: [{ id: guitar.id, count: 1 }],
      userInfo: {
        cus_name: 'Ana Pérez',
        cus_email: 'ana@example.com',
        cus_phone: '11 3456 7890',
        cus_address: 'Calle Falsa 123',
        cus_city: 'Córdoba',
        cus_country: 'Argentina',
        cus_zip: '5000',
      },
    },
  })
  expect(paid.status()).toBe(201)
  await signInPage(page, user)
  await page.goto('/user/Profile')
  const history = page.getByRole('region', { name: 'Purchase history' })
  const width = page.viewportSize()?.width ?? 0
  for (const shown of [
    history.getByText('Total cost'),
    history.getByText('$310').first(),
    history.getByText('succeeded'),
    history.getByRole('button', { name: `Rate instrument ${guitar.name}` }),
  ]) {
    await shown.scrollIntoViewIfNeeded()
    const box = await shown.boundingBox()
    expect(box, 'on the page').not.toBeNull()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
    expect(box?.x).toBeGreaterThanOrEqual(0)
  }
  await expectNoSidewaysScroll(page)
})
