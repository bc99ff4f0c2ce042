import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Locator } from '@playwright/test'
import { expectAccessible } from '../accessibility/axe-kit'
import { bearer, expect, signInPage, test } from '../fixtures'
import { expectNoSidewaysScroll } from '../layout-kit'
import { createInstrument, fillCustomer, fillTestCard } from './cart-kit'

// The pricing journey: an admin sets a Spain zone with two methods, a 21 % rate included in the
// prices and a 10 % code; a shopper in Spain applies the code, picks Express, sees the breakdown,
// pays, and the order page and the order mail show the same figures.
//
// The figures, by hand: one instrument at $121; 10 % off is $12.10, leaving $108.90; Express is
// $25; the tax inside them is 108.90 × 21/121 = $18.90 and 25 × 21/121 = $4.34, so $23.24 in all;
// the total is 108.90 + 25 = $133.90.
const FIGURES = {
  subtotal: '$121',
  discount: '−$12.10',
  shipping: '$25',
  tax: '$23.24',
  total: '$133.90',
}

interface Pricing {
  zoneIds: number[]
  codeId: number
  code: string
}

// The other journeys run meanwhile: a zone for every other country at $0 and no rate for theirs
// keep their totals as they were.
async function setUpPricing(request: APIRequestContext, token: string): Promise<Pricing> {
  const headers = bearer(token)
  const zone = async (data: object) => {
    const res = await request.post('/api/admin/shipping-zones', { headers, data })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { zone: { id: number } }).zone.id
  }
  // Every other country first: with Spain's zone alone, a journey paying from Argentina
  // meanwhile was refused (`We do not ship to Argentina yet`).
  const rest = await zone({
    name: `E2E elsewhere ${randomBytes(3).toString('hex')}`,
    coversRest: true,
    methods: [{ name: 'Free delivery', price: 0 }],
  })
  const spain = await zone({
    name: `E2E Spain ${randomBytes(3).toString('hex')}`,
    countries: ['Spain'],
    methods: [
      { name: 'Standard', price: 10, days: 5 },
      { name: 'Express', price: 25, days: 1 },
    ],
  })
  const tax = await request.put('/api/admin/tax', {
    headers,
    data: { pricesIncludeTax: true, rates: [{ country: 'Spain', rate: 21 }] },
  })
  expect(tax.ok(), await tax.text()).toBeTruthy()
  const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`
  const created = await request.post('/api/admin/discount-codes', {
    headers,
    data: { code, kind: 'percent', value: 10, active: true },
  })
  expect(created.status(), await created.text()).toBe(201)
  const codeId = ((await created.json()) as { discountCode: { id: number } }).discountCode.id
  return { zoneIds: [spain, rest], codeId, code }
}

// A shop that configured nothing again, for the journeys after this one. Spain's zone goes
// before the rest's (zoneIds' order), for the journeys paying meanwhile.
async function tearDownPricing(request: APIRequestContext, token: string, pricing: Pricing) {
  const headers = bearer(token)
  for (const id of pricing.zoneIds) {
    await request.delete(`/api/admin/shipping-zones/${id}`, { headers })
  }
  await request.delete(`/api/admin/discount-codes/${pricing.codeId}`, { headers })
  await request.put('/api/admin/tax', { headers, data: { pricesIncludeTax: true, rates: [] } })
}

async function expectFigures(scope: Locator) {
  for (const [label, amount] of [
    ['Subtotal', FIGURES.subtotal],
    [/^Discount/, FIGURES.discount],
    [/^Shipping/, FIGURES.shipping],
    ['Tax (incl.)', FIGURES.tax],
    ['Total', FIGURES.total],
  ] as const) {
    await expect(scope.getByText(label, { exact: true }).first()).toBeVisible()
    await expect(scope.getByText(amount, { exact: true }).first()).toBeVisible()
  }
}

for (const [size, device] of [
  ['390 px, touch', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(`at ${size}`, () => {
    test.use(device)
    // In a hook, not the test's `finally`: a test that ran out of time has lost its request
    // context by then, and the next journey would find Spain's zone still there.
    let pricing: Pricing | undefined
    test.afterEach(async ({ request, admin }) => {
      if (pricing) await tearDownPricing(request, admin.token, pricing)
      pricing = undefined
    })

    test('a shopper in Spain applies a code, picks a method, pays the priced total; the order page and mail agree', async ({
      page,
      request,
      user,
      admin,
    }) => {
      // The suite's longest journey (set-up, two codes, two methods, axe, payment, the order page
      // and the mail): 11-15 s on a quiet CI run, so the default 30 s left it no margin.
      test.setTimeout(60_000)
      const guitar = await createInstrument(request, admin.token, { stock: 2, price: 121 })
      pricing = await setUpPricing(request, admin.token)
      const { code } = pricing
      await signInPage(page, user)
      await page.goto('/')
      const search = page.getByRole('combobox', { name: 'Search instruments' })
      await search.fill(guitar.name)
      await search.press('Enter')
      await page.getByRole('button', { name: `Add to cart: ${guitar.name}` }).click()
      await expect(page.getByText('Added to cart')).toBeVisible()
      await page.goto('/checkout')
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
      const form = page.locator('form.checkout-form')
      await fillCustomer(page)
      const email = `${user.userName}@example.com`
      await form.getByLabel('Email', { exact: true }).fill(email)

      // Elsewhere the zone for every other country answers; Spain has its own methods.
      await form.getByLabel('Country').fill('Mars')
      await expect(form.getByRole('radio', { name: /Free delivery/ })).toBeChecked()
      await form.getByLabel('Country').fill('spain')
      const express = form.getByRole('radio', { name: /Express/ })
      await expect(form.getByRole('radio', { name: /Standard/ })).toBeChecked()

      await form.getByLabel('Discount code').fill('NOPE-CODE')
      await form.getByRole('button', { name: 'Apply' }).click()
      await expect(form.getByText('This discount code does not exist')).toBeVisible()
      await form.getByLabel('Discount code').fill(code.toLowerCase())
      await form.getByRole('button', { name: 'Apply' }).click()
      await expect(form.getByText(`Code ${code} applied`)).toBeVisible()
      await express.click()
      await expect(express).toBeChecked()

      const breakdown = form.locator('.price-breakdown')
      await expectFigures(breakdown)
      await expectAccessible(page, 'the checkout with its breakdown')
      await expectNoSidewaysScroll(page)
      await test.info().attach(`checkout at ${size}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      })

      await fillTestCard(page, '4242 4242 4242 4242')
      const pay = page.getByRole('button', { name: `Pay with Test card ${FIGURES.total}` })
      await expect(pay).toBeEnabled()
      await pay.click()

      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
      const order = page.getByRole('region', { name: /^Order #\d+$/ })
      await expectFigures(order)
      const saleId = Number((await order.getByRole('heading').textContent())?.replace(/\D/g, ''))

      await page.goto(`/user/orders/${saleId}`)
      await expectFigures(page.locator('table.order-lines'))

      const outbox = await request.get('/api/test/outbox', { params: { to: email } })
      const mails = JSON.stringify(await outbox.json())
      for (const amount of [FIGURES.subtotal, '12.10', FIGURES.shipping, '23.24', '133.90']) {
        expect(mails).toContain(amount.replace('−', ''))
      }
    })

    test('the Shipping, Taxes and Discounts tabs pass axe', async ({ page, admin }) => {
      await signInPage(page, admin)
      for (const [tab, heading] of [
        ['shipping', 'Shipping'],
        ['taxes', 'Taxes'],
        ['discounts', 'Discounts'],
      ] as const) {
        await page.goto(`/admin?tab=${tab}`)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        if (tab !== 'taxes') await page.getByRole('button', { name: 'Create' }).click()
        await expectAccessible(page, `the ${heading} tab`)
        await test.info().attach(`${heading} tab at ${size}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        })
      }
    })
  })
}
